import { createEvent, putEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { Client } from 'pg';
import { appPerFile, TestApp, signedInApp } from '../setup/test-app';
import { EXTERNAL_EVENTS_SQL_FUNCTIONS } from '../../api/src/modules/external-events/external-events.sql';

describe('public registration, correct under load (spec 1 §2.9, §4, §5)', () => {
  let t: TestApp;
  let admin: string;
  const count = async (eventId: number) =>
    (
      await t.query<{ current: number; real: number }>(
        `SELECT current_attendees AS current, (SELECT count(*)::int FROM external_registrations WHERE event_id = $1) AS real FROM external_events WHERE id = $1`,
        [eventId],
      )
    )[0];

  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } });

  it('registers, forcing names, e-mail and company to uppercase', async () => {
    const e = await createEvent(t, admin);
    const res = await registerForEvent(
      t,
      e.slug,
      registrationBody(1, { nombre: ' maría  josé ', email: ' Maria@Correo.MX ', empresa: 'la tienda' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: '¡Registro Exitoso!', registration: { id: expect.any(Number), status: 'registered' } });
    const [row] = await t.query<{ nombre: string; email: string; empresa: string }>(
      'SELECT nombre, email, empresa FROM external_registrations WHERE id = $1',
      [res.body.registration.id],
    );
    expect(row).toEqual({ nombre: 'MARÍA JOSÉ', email: 'MARIA@CORREO.MX', empresa: 'LA TIENDA' });
    expect(await count(e.id)).toEqual({ current: 1, real: 1 });
  });

  it('repeats every validation of the form on the server, with a Spanish message per field', async () => {
    const e = await createEvent(t, admin);
    const res = await registerForEvent(t, e.slug, {
      nombre: '',
      apellido_paterno: 'G4rza',
      fecha_nacimiento: '17/05/1990',
      phone: '81-1234-567',
      email: 'no-es-correo',
      tipo_participante: 'Turista',
      extra: 1,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      nombre: ['El nombre es obligatorio.'],
      apellido_paterno: ['El apellido paterno solo puede contener letras.'],
      apellido_materno: ['El apellido materno es obligatorio.'],
      fecha_nacimiento: ['La fecha de nacimiento debe tener el formato AAAA-MM-DD.'],
      phone: ['El teléfono debe tener exactamente 10 dígitos.'],
      email: ['El correo electrónico no es válido.'],
      tipo_participante: ['El tipo de participante no es una opción válida.'],
      extra: ['El campo extra no está permitido.'],
    });
    const future = await registerForEvent(t, e.slug, registrationBody(2, { fecha_nacimiento: '2999-01-01' }));
    expect(future.status).toBe(422);
    expect(future.body.errors.fecha_nacimiento).toEqual(['La fecha de nacimiento no puede ser una fecha futura.']);
    const impossible = await registerForEvent(t, e.slug, registrationBody(3, { fecha_nacimiento: '1990-02-31' }));
    expect(impossible.body.errors.fecha_nacimiento).toEqual(['La fecha de nacimiento no es válida.']);
    expect(await count(e.id)).toEqual({ current: 0, real: 0 });
  });

  it('accepts names typed with combining accents and stores them composed', async () => {
    const e = await createEvent(t, admin);
    const res = await registerForEvent(
      t,
      e.slug,
      registrationBody(4, { nombre: 'MARI\u0301A', apellido_paterno: 'Pen\u0303a', apellido_materno: 'garci\u0301a' }),
    );
    expect(res.status).toBe(201);
    const [row] = await t.query<{ nombre: string; apellido_paterno: string; apellido_materno: string }>(
      'SELECT nombre, apellido_paterno, apellido_materno FROM external_registrations WHERE id = $1',
      [res.body.registration.id],
    );
    expect(row).toEqual({ nombre: 'MAR\u00cdA', apellido_paterno: 'PE\u00d1A', apellido_materno: 'GARC\u00cdA' });
    expect(row.nombre).toBe('MARÍA');
  });

  it('length limits answer in Spanish with the field named as the form labels it', async () => {
    const e = await createEvent(t, admin);
    const res = await registerForEvent(t, e.slug, registrationBody(5, { empresa: 'E'.repeat(201), nombre: 'N'.repeat(101) }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      empresa: ['La empresa no debe tener más de 200 caracteres.'],
      nombre: ['El nombre no debe tener más de 100 caracteres.'],
    });
    expect(await count(e.id)).toEqual({ current: 0, real: 0 });
    await registerForEvent(t, e.slug, registrationBody(6, { empresa: 'E'.repeat(200) })).expect(201);
  });

  it('one registration per e-mail per event, whatever the case and spaces (409, nothing written)', async () => {
    const e = await createEvent(t, admin);
    await registerForEvent(t, e.slug, registrationBody(10, { email: 'ana@correo.mx' })).expect(201);
    const dup = await registerForEvent(t, e.slug, registrationBody(11, { email: '  ANA@Correo.mx ' }));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Este correo electrónico ya está registrado en este evento.');
    expect(await count(e.id)).toEqual({ current: 1, real: 1 });
  });

  it('refuses draft (404), completed, cancelled and full events with the matching message', async () => {
    const draft = await createEvent(t, admin, { status: 'draft' });
    expect((await registerForEvent(t, draft.slug, registrationBody(20))).status).toBe(404);
    const closed = await createEvent(t, admin);
    await putEvent(t, admin, closed.id, { status: 'completed' }).expect(200);
    const completed = await registerForEvent(t, closed.slug, registrationBody(21));
    expect([completed.status, completed.body.message]).toEqual([409, 'Este evento ya concluyó; el registro está cerrado.']);
    await putEvent(t, admin, closed.id, { status: 'cancelled' }).expect(200);
    const cancelled = await registerForEvent(t, closed.slug, registrationBody(22));
    expect([cancelled.status, cancelled.body.message]).toEqual([409, 'Este evento fue cancelado; el registro está cerrado.']);
    const page = await t.http().get(`/api/eventos/${closed.slug}`);
    expect(page.body).toMatchObject({ is_cancelled: true, is_completed: false, is_preview: false });
    const tiny = await createEvent(t, admin, { max_attendees: 1 });
    await registerForEvent(t, tiny.slug, registrationBody(23)).expect(201);
    const full = await registerForEvent(t, tiny.slug, registrationBody(24));
    expect([full.status, full.body.message]).toEqual([409, 'Evento Lleno: ya no hay lugares disponibles.']);
    expect((await putEvent(t, admin, tiny.id, { max_attendees: 0 })).status).toBe(422);
  });

  it('capacity 50 with 500 parallel registrations → exactly 50 accepted, the rest refused, no 5xx', async () => {
    const e = await createEvent(t, admin, { max_attendees: 50 });
    const results = await Promise.all(Array.from({ length: 500 }, (_, i) => registerForEvent(t, e.slug, registrationBody(1000 + i))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(450);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
    expect(await count(e.id)).toEqual({ current: 50, real: 50 });
  }, 60000);

  it('50 parallel registrations with the same e-mail in different case → exactly one', async () => {
    const e = await createEvent(t, admin, { max_attendees: 500 });
    const variants = Array.from({ length: 50 }, (_, i) => (i % 2 ? 'Luisa.Ramos@Correo.MX' : ` luisa.ramos@correo.mx${' '.repeat(i % 3)}`));
    const results = await Promise.all(variants.map((email, i) => registerForEvent(t, e.slug, registrationBody(3000 + i, { email }))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect(await count(e.id)).toEqual({ current: 1, real: 1 });
  }, 60000);
});

describe('public endpoints are rate limited per IP', () => {
  let t: TestApp;
  appPerFile((app) => (t = app), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '3', PUBLIC_READ_LIMIT_PER_MINUTE: '5' } });

  it('answers 429 in Spanish with Retry-After past the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await t.http().get('/api/public/eventos')).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await t.http().get('/api/public/eventos');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Demasiadas solicitudes desde tu conexión. Espera un momento e intenta de nuevo.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await t.http().post('/api/eventos/no-existe/register').send(registrationBody(i));
    expect((await t.http().post('/api/eventos/no-existe/register').send(registrationBody(9))).status).toBe(429);
  });
});

describe('the door code is looked up by its own index however the event grows', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  /** `fn` on a connection of its own (its plans and its transaction's statistics are its own), closed after. */
  const onOwnConnection = async (fn: (c: Client) => Promise<void>) => {
    const c = new Client({ connectionString: t.config.databaseUrl });
    await c.connect();
    try {
      await fn(c);
    } finally {
      await c.end();
    }
  };

  it('a connection whose plans were made while the event was empty still reads no registration to draw a code', async () => {
    const e = await createEvent(t, admin, { max_attendees: 100_000 });
    await onOwnConnection(async (c) => {
      // PL/pgSQL keeps a generic plan from the sixth call on: these are made with no registration in the table.
      for (let i = 0; i < 8; i++) await c.query('SELECT external_registration_code($1)', [e.id]);
      await t.query(
        `INSERT INTO external_registrations (event_id, nombre, apellido_paterno, apellido_materno, email, tipo_participante)
         SELECT $1, 'ANA', 'GARZA', 'LEAL', 'persona' || g || '@correo.mx', 'Ciudadano' FROM generate_series(1, 3000) g`,
        [e.id],
      );
      await c.query('BEGIN');
      await c.query('SELECT external_registration_code($1)', [e.id]);
      const { rows } = await c.query<{ fetched: number }>(
        `SELECT idx_tup_fetch::int AS fetched FROM pg_stat_xact_user_tables WHERE relname = 'external_registrations'`,
      );
      await c.query('COMMIT');
      // The (event_id, created_at) index with a filter on the code fetched all 3,000; the code's own index, none.
      expect(rows[0].fetched).toBeLessThan(10);
    });
  });

  it('a burst draws each door code without a lookup: no planned-at-each-call query per registration', async () => {
    const e = await createEvent(t, admin, { max_attendees: 1_000 });
    const rows = Array.from({ length: 40 }, (_, i) => registrationBody(5_000 + i));
    await onOwnConnection(async (c) => {
      await c.query('BEGIN');
      await c.query(`SET LOCAL track_functions = 'pl'`);
      const { rows: outcomes } = await c.query<{ outcome: string }>('SELECT outcome FROM register_external_batch($1, $2)', [
        e.slug,
        JSON.stringify(rows),
      ]);
      const { rows: calls } = await c.query<{ funcname: string; calls: number }>(
        `SELECT funcname, calls::int FROM pg_stat_xact_user_functions
          WHERE funcname IN ('external_registration_code', 'external_registration_taken', 'external_door_code')`,
      );
      await c.query('COMMIT');
      expect(outcomes.map((o) => o.outcome)).toEqual(rows.map(() => 'ok'));
      // Each lookup was planned at each call, a quarter of the batch's time (docs/decisions/eventos-externos.md).
      expect(Object.fromEntries(calls.map((r) => [r.funcname, r.calls]))).toEqual({ external_door_code: 40 });
    });
  });

  it('a door code already used in the event is drawn again, never taken for a repeated e-mail', async () => {
    const e = await createEvent(t, admin);
    const original = EXTERNAL_EVENTS_SQL_FUNCTIONS.find((f) => f.name === 'external_door_code')!;
    // This database's codes, made predictable: the same code twice, then a new one at each draw.
    await t.query(`CREATE SEQUENCE test_door_draws`);
    await t.query(`CREATE OR REPLACE FUNCTION external_door_code() RETURNS text LANGUAGE sql VOLATILE AS $$
                     SELECT CASE WHEN n <= 2 THEN 'AAAAAAAA' ELSE 'CCCCCCC' || substr('ACDEFGHJKMNPQRTUVWXY34679', n::int, 1) END
                       FROM nextval('test_door_draws') n $$`);
    try {
      expect((await registerForEvent(t, e.slug, registrationBody(1))).status).toBe(201);
      expect((await registerForEvent(t, e.slug, registrationBody(2))).status).toBe(201);
      const again = await registerForEvent(t, e.slug, registrationBody(1, { email: ' PERSONA1@correo.mx ' }));
      expect(again.status).toBe(409);
      const codes = await t.query<{ email: string; codigo: string }>(
        `SELECT lower(email) AS email, codigo FROM external_registrations WHERE event_id = $1 ORDER BY id`,
        [e.id],
      );
      expect(codes).toEqual([
        { email: 'persona1@correo.mx', codigo: 'AAAAAAAA' },
        { email: 'persona2@correo.mx', codigo: 'CCCCCCCD' },
      ]);
    } finally {
      await t.query(original.definition);
      await t.query(`DROP SEQUENCE test_door_draws`);
    }
  });
});
