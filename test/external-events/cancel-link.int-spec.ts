import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SignedLinks } from '../../api/src/core/links/signed-links';
import { toRegistrationResponse } from '../../api/src/modules/external-events/external-events.mapper';
import { ExternalRegistrationEntity } from '../../api/src/modules/external-events/external-registration.entity';
import { ROOMS } from '../../api/src/shared/events/socket-events';
import { createEvent, registrationBody, registerForEvent } from '../factories/external-events';
import { nextPush, TestApp, signedInApp } from '../setup/test-app';

const CODE = /^[ACDEFGHJKMNPQRTUVWXY34679]{8}$/;
const PERSONAL = /apellido|email|phone|curp|fecha_nacimiento|codigo|@|GARZA|PEÑA|811\d{7}/i;

/**
 * The door code, the confirmation queued by the statement that accepts a registration,
 * and cancelling by the signed link (tampered, used and expired links included).
 */
describe('door code, queued confirmation and cancel by link', () => {
  let t: TestApp;
  let admin: string;
  let links: SignedLinks;
  signedInApp(
    (s) => {
      ({ t, admin } = s);
      links = t.app.get(SignedLinks);
    },
    { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } },
  );

  const cancelToken = (id: number, until = new Date('2027-03-15T16:00:00.000Z')) => links.sign('cancel-registration', id, until);
  const counts = async (id: number) =>
    (
      await t.query<{ current: number; held: number; active: number }>(
        `SELECT current_attendees AS current, held_places AS held,
                (SELECT count(*)::int FROM external_registrations WHERE event_id = $1 AND status <> 'cancelled') AS active
           FROM external_events WHERE id = $1`,
        [id],
      )
    )[0];

  it('every registration gets a door code unique in its event, and ONE confirmation row with the contract data', async () => {
    const e = await createEvent(t, admin, { max_attendees: 30, end_date: null, location: 'Cintermex, Monterrey' });
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => registerForEvent(t, e.slug, registrationBody(100 + i))));
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
    // The public answer never carries the code.
    for (const r of responses) expect(Object.keys(r.body.registration).sort()).toEqual(['id', 'status']);
    const rows = await t.query<{
      id: number;
      codigo: string;
      nombre: string;
      apellido_paterno: string;
      apellido_materno: string;
      email: string;
    }>(`SELECT id, codigo, nombre, apellido_paterno, apellido_materno, email FROM external_registrations WHERE event_id = $1 ORDER BY id`, [
      e.id,
    ]);
    expect(rows).toHaveLength(30);
    for (const r of rows) expect(r.codigo).toMatch(CODE);
    expect(new Set(rows.map((r) => r.codigo)).size).toBe(30);

    const mails = await t.query<{
      idempotency_key: string;
      template: string;
      to_email: string;
      to_name: string;
      data: Record<string, unknown>;
      ref_type: string;
      ref_id: number;
      status: string;
    }>(`SELECT idempotency_key, template, to_email, to_name, data, ref_type, ref_id, status FROM correos ORDER BY id`);
    expect(mails).toHaveLength(30);
    const [first] = rows;
    expect(mails.find((m) => m.idempotency_key === `registro.confirmacion:${first.id}`)).toEqual({
      idempotency_key: `registro.confirmacion:${first.id}`,
      template: 'registro.confirmacion',
      to_email: first.email.toLowerCase(),
      to_name: `${first.nombre} ${first.apellido_paterno} ${first.apellido_materno}`,
      data: {
        registro_id: first.id,
        evento_id: e.id,
        slug: e.slug,
        nombre: first.nombre,
        codigo: first.codigo,
        evento: { titulo: e.title, inicio: '2027-03-15T16:00:00.000Z', fin: null, lugar: 'Cintermex, Monterrey' },
      },
      ref_type: 'evento-externo',
      ref_id: e.id,
      status: expect.stringMatching(/^(queued|sending|sent|stored|failed)$/),
    });
    expect(new Set(mails.map((m) => m.idempotency_key))).toEqual(new Set(rows.map((r) => `registro.confirmacion:${r.id}`)));
  });

  it('a refused registration (full, repeated e-mail) queues nothing', async () => {
    const e = await createEvent(t, admin, { max_attendees: 1 });
    const before = (await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM correos`))[0].n;
    await registerForEvent(t, e.slug, registrationBody(200)).expect(201);
    await registerForEvent(t, e.slug, registrationBody(200)).expect(409);
    await registerForEvent(t, e.slug, registrationBody(201)).expect(409);
    expect((await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM correos`))[0].n).toBe(before + 1);
  });

  it('staff find a registration by its code (the board carries it) and the CSV has it', async () => {
    const e = await createEvent(t, admin);
    const { body } = await registerForEvent(t, e.slug, registrationBody(210)).expect(201);
    const board = await t.as(admin).get(`/api/eventos-externos/${e.id}/registrations`).expect(200);
    const [row] = board.body.registrations;
    expect(row.codigo).toMatch(CODE);
    expect(row.id).toBe(body.registration.id);
    const csv = await t.as(admin).get(`/api/eventos-externos/${e.id}/registrations/export`).expect(200);
    expect(csv.text).toContain(`,${row.codigo}`);
    // The public page and list never show codes.
    const page = await t.http().get(`/api/eventos/${e.slug}`).expect(200);
    expect(JSON.stringify(page.body)).not.toContain(row.codigo);
  });

  it('the registration.created payload (SQL) equals the mapper, the door code included', async () => {
    const e = await createEvent(t, admin);
    const { body } = await registerForEvent(t, e.slug, registrationBody(220, { empresa: undefined })).expect(201);
    const [{ payload }] = await t.query<{ payload: { registration: Record<string, unknown> } }>(
      `SELECT payload FROM domain_events WHERE type = 'registration.created' AND resource_id = $1`,
      [String(body.registration.id)],
    );
    const ds = t.app.get<DataSource>(getDataSourceToken());
    const entity = await ds.getRepository(ExternalRegistrationEntity).findOneByOrFail({ id: body.registration.id as number });
    const mapped = JSON.parse(JSON.stringify(toRegistrationResponse(entity)));
    expect(payload.registration).toEqual(mapped);
  });

  it('GET shows what would be cancelled — the event and the first name only; POST cancels once, live, and the e-mail may register again', async () => {
    const e = await createEvent(t, admin, { max_attendees: 1 });
    const { body } = await registerForEvent(t, e.slug, registrationBody(300, { nombre: 'María José' })).expect(201);
    const id = body.registration.id as number;
    const token = cancelToken(id);

    const view = await t.http().get(`/api/registros/cancelar/${token}`).expect(200);
    expect(view.body).toEqual({
      nombre: 'MARÍA JOSÉ',
      evento: {
        titulo: e.title,
        slug: e.slug,
        event_date: '2027-03-15T16:00:00.000Z',
        end_date: '2027-03-15T22:00:00.000Z',
        location: 'Parque Fundidora, Monterrey',
      },
    });
    expect(JSON.stringify(view.body)).not.toMatch(PERSONAL);

    const board = await t.socket(admin);
    await t.join(board, ROOMS.externalEvent(e.id));
    const anon = await t.socket();
    await t.join(anon, ROOMS.publicEvent(e.id));
    const updated = nextPush(board, 'registration.updated');
    const publicCounts = nextPush(anon, 'event.counts', undefined, (m) => m.data.counts[0].current_attendees === 0);

    const res = await t.http().post(`/api/registros/cancelar/${token}`).expect(200);
    expect(res.body).toEqual({ message: 'Tu registro fue cancelado' });
    expect((await updated).data.registration).toMatchObject({ id, status: 'cancelled' });
    const pub = await publicCounts;
    expect(JSON.stringify(pub.data)).not.toMatch(PERSONAL);
    expect(await counts(e.id)).toEqual({ current: 0, held: 0, active: 0 });

    // Reused: a clear answer, nothing changes.
    const again = await t.http().post(`/api/registros/cancelar/${token}`).expect(409);
    expect(again.body).toMatchObject({ message: 'Este registro ya fue cancelado.', code: 'LINK_USED' });
    expect((await t.http().get(`/api/registros/cancelar/${token}`).expect(409)).body.message).toBe('Este registro ya fue cancelado.');
    expect(await counts(e.id)).toEqual({ current: 0, held: 0, active: 0 });

    // The place is free again, and the same e-mail may take it.
    await registerForEvent(t, e.slug, registrationBody(300)).expect(201);
    expect(await counts(e.id)).toEqual({ current: 1, held: 0, active: 1 });

    // Deleting the cancelled row from the board does not free a second place.
    await t.as(admin).delete(`/api/eventos-externos/${e.id}/registrations/${id}`).expect(200);
    expect(await counts(e.id)).toEqual({ current: 1, held: 0, active: 1 });
  });

  it('parallel cancels of one registration free exactly one place', async () => {
    const e = await createEvent(t, admin, { max_attendees: 3 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await registerForEvent(t, e.slug, registrationBody(400 + i)).expect(201)).body.registration.id);
    const token = cancelToken(ids[0]);
    const results = await Promise.all(Array.from({ length: 20 }, () => t.http().post(`/api/registros/cancelar/${token}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await counts(e.id)).toEqual({ current: 2, held: 0, active: 2 });
  });

  it('tampered, foreign-purpose and expired links get a clear Spanish answer, never a 500, and change nothing', async () => {
    const e = await createEvent(t, admin);
    const id = (await registerForEvent(t, e.slug, registrationBody(500)).expect(201)).body.registration.id as number;
    const good = cancelToken(id);
    const [kid, rid, exp, sig] = good.split('.');
    const flipped = `${kid}.${rid}.${exp}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const otherId = `${kid}.${Number(rid) + 1}.${exp}.${sig}`;
    const longer = `${kid}.${rid}.${Number(exp) + 3600}.${sig}`;
    const wrongPurpose = links.sign('accept-waitlist-offer', id, new Date('2027-03-15T16:00:00.000Z'));
    for (const token of [flipped, otherId, longer, wrongPurpose, 'nada', '1.2.3', `${'9'.repeat(12)}.1.x`, '%00', 'a'.repeat(3000)]) {
      for (const method of ['get', 'post'] as const) {
        const res = await t.http()[method](`/api/registros/cancelar/${encodeURIComponent(token)}`);
        expect({ token, status: res.status }).toEqual({ token, status: expect.any(Number) });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body.message).toBe('string');
        expect(res.body.stack).toBeUndefined();
      }
    }
    const tampered = await t.http().post(`/api/registros/cancelar/${flipped}`).expect(404);
    expect(tampered.body).toMatchObject({
      message: 'El enlace no es válido. Revisa que esté completo, tal como llegó en tu correo.',
      code: 'LINK_INVALID',
    });

    const expired = cancelToken(id, new Date(Date.now() - 1000));
    const gone = await t.http().post(`/api/registros/cancelar/${expired}`).expect(410);
    expect(gone.body).toMatchObject({ message: 'El enlace para cancelar ya expiró: el evento ya comenzó.', code: 'LINK_EXPIRED' });
    expect((await t.http().get(`/api/registros/cancelar/${expired}`)).status).toBe(410);

    const [{ status }] = await t.query<{ status: string }>(`SELECT status FROM external_registrations WHERE id = $1`, [id]);
    expect(status).toBe('registered');
  });

  it('an attended registration, or an event that already started, cannot be cancelled', async () => {
    const e = await createEvent(t, admin);
    const id = (await registerForEvent(t, e.slug, registrationBody(600)).expect(201)).body.registration.id as number;
    await t.as(admin).put(`/api/eventos-externos/${e.id}/registrations/${id}/confirm`).expect(200);
    const attended = await t
      .http()
      .post(`/api/registros/cancelar/${cancelToken(id)}`)
      .expect(409);
    expect(attended.body.message).toBe('Tu asistencia ya fue registrada; este registro ya no se puede cancelar.');

    const started = await createEvent(t, admin);
    const sid = (await registerForEvent(t, started.slug, registrationBody(601)).expect(201)).body.registration.id as number;
    await t.query(`UPDATE external_events SET event_date = now() - interval '1 hour', end_date = NULL WHERE id = $1`, [started.id]);
    const closed = await t
      .http()
      .post(`/api/registros/cancelar/${cancelToken(sid)}`)
      .expect(410);
    expect(closed.body.code).toBe('LINK_EXPIRED');
    expect(await counts(started.id)).toEqual({ current: 1, held: 0, active: 1 });
  });
});
