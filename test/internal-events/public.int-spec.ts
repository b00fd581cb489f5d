import { ROOMS } from '../../api/src/shared/events/socket-events';
import { assignPersonas, createInternalEvent, insertPersonas } from '../factories/internal-events';
import { eventually, nextPush, TestApp, ARRIVAL_TIMEOUT_MS, signedInApp } from '../setup/test-app';

/** Anything that would identify an attendee: names, codes, e-mails, phones. */
const PERSONAL = /nombre_completo|apellido|correo|telefono|confirmation_code|GARZA|@correo|81000/i;

describe('internal events: the public confirmation page', () => {
  let t: TestApp;
  let admin: string;
  let ipSeq = 0;
  /** Each test its own client address (TRUST_PROXY), so the per-IP failure limit of one does not touch another. */
  const newIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const confirm = (slug: string, code: unknown, ip: string) =>
    t.http().post(`/api/eventos-internos/public/${slug}/confirm`).set('X-Forwarded-For', ip).send({ code });

  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: 'loopback' } });

  async function eventWithAttendees(n: number, prefix: string, overrides: Record<string, unknown> = {}) {
    const e = await createInternalEvent(t, admin, overrides);
    const ids = await insertPersonas(t, n, prefix);
    const res = await assignPersonas(t, admin, e.id, ids);
    return { e, ids, asistentes: res.asistentes };
  }

  it('the page answers by slug or id with counts and no attendee data; a borrador is not public', async () => {
    const { e } = await eventWithAttendees(3, 'PUBLICA');
    const bySlug = await t.http().get(`/api/eventos-internos/public/${e.slug}`).expect(200);
    expect(bySlug.body.evento).toMatchObject({
      id: e.id,
      titulo: 'Reunión de Gabinete',
      estado: 'confirmado',
      asistentes_count: 3,
      asistentes_pendientes_count: 3,
    });
    expect(JSON.stringify(bySlug.body)).not.toMatch(PERSONAL);
    expect(bySlug.body.evento.asistentes).toBeUndefined();
    const byId = await t.http().get(`/api/eventos-internos/public/${e.id}`).expect(200);
    expect(byId.body.evento.slug).toBe(e.slug);

    const draft = await createInternalEvent(t, admin, { estado: 'borrador' });
    const hidden = await t.http().get(`/api/eventos-internos/public/${draft.slug}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Este evento no está disponible o no existe.');
    expect((await t.as(admin).get(`/api/eventos-internos/public/${draft.slug}`)).status).toBe(200);
    expect((await t.http().get(`/api/eventos-internos/public/no-existe`)).status).toBe(404);
    expect((await t.http().get(`/api/eventos-internos/public/%20DROP`)).status).toBe(404);
  });

  it('confirms a code typed in lower case with spaces; then already_confirmed; answers carry only nombre', async () => {
    const { e, asistentes } = await eventWithAttendees(2, 'CONFIRMA');
    const code = asistentes[0].pivot.confirmation_code;
    const ip = newIp();
    const ok = await confirm(e.slug, `  ${code.toLowerCase()} `, ip);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      already_confirmed: false,
      message: '¡Asistencia confirmada exitosamente!',
      persona: { nombre: expect.stringMatching(/^CONFIRMA \d$/) },
    });
    const again = await confirm(e.slug, code, ip);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      already_confirmed: true,
      message: 'Tu asistencia ya estaba confirmada.',
      persona: { nombre: ok.body.persona.nombre },
    });
    const page = await t.http().get(`/api/eventos-internos/public/${e.slug}`).expect(200);
    expect(page.body.evento).toMatchObject({ asistentes_confirmados_count: 1, asistentes_pendientes_count: 1 });
  });

  it('a wrong code reveals nothing; a malformed one asks for 5 characters; cancelled or completed events refuse', async () => {
    const { e } = await eventWithAttendees(1, 'ERRONEO');
    const ip = newIp();
    const wrong = await confirm(e.slug, 'ZZZZZ', ip);
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ message: 'Código inválido. Verifica tu código e intenta nuevamente.', code: 'VALIDATION_FAILED' });
    const short = await confirm(e.slug, 'AB1', ip);
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('Por favor ingresa un código válido de 5 caracteres.');
    expect((await confirm(e.slug, { $ne: 1 }, ip)).status).toBe(422);
    const cancelled = await createInternalEvent(t, admin, { estado: 'borrador' });
    await t
      .as(admin)
      .put(`/api/eventos-internos/${cancelled.id}`)
      .send({ titulo: 'X', fecha_evento: '2026-12-01T10:00:00Z', tipo: 'otro', estado: 'cancelado' })
      .expect(200);
    const refused = await confirm(cancelled.slug, 'ABCDE', ip);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Este evento ha sido cancelado.');
  });

  it('50 parallel confirmations of one code: one success, 49 already confirmed, counters exact, one domain event', async () => {
    const { e, asistentes } = await eventWithAttendees(5, 'PARALELO');
    const code = asistentes[2].pivot.confirmation_code;
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => confirm(e.slug, code, ip)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.filter((a) => a.body.already_confirmed === false)).toHaveLength(1);
    expect(answers.filter((a) => a.body.already_confirmed === true)).toHaveLength(49);
    const page = await t.http().get(`/api/eventos-internos/public/${e.id}`).expect(200);
    expect(page.body.evento).toMatchObject({ asistentes_count: 5, asistentes_confirmados_count: 1, asistentes_pendientes_count: 4 });
    const [{ n }] = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM domain_events WHERE type = 'internal-event.attendance-confirmed' AND resource_id = $1`,
      [String(e.id)],
    );
    expect(n).toBe(1);
    // None of these was a failure: the same address may still try.
    expect((await confirm(e.slug, asistentes[3].pivot.confirmation_code, ip)).body.already_confirmed).toBe(false);
  });

  it('an attempt being checked is not a failure: 9 failures, then 6 parallel right codes from that address all confirm', async () => {
    const { e, asistentes } = await eventWithAttendees(6, 'ENVUELO');
    const ip = newIp();
    for (let i = 0; i < 9; i++) expect((await confirm(e.slug, `XXX${'ABCDEFGHJ'[i]}X`, ip)).status).toBe(422);
    const answers = await Promise.all(
      asistentes.map((a: { pivot: { confirmation_code: string } }) => confirm(e.slug, a.pivot.confirmation_code, ip)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(answers.every((a) => a.body.already_confirmed === false)).toBe(true);
    // The tenth failure still closes the address.
    expect((await confirm(e.slug, 'XXXKX', ip)).status).toBe(422);
    expect((await confirm(e.slug, asistentes[0].pivot.confirmation_code, ip)).status).toBe(429);
  });

  it('control: a read-then-write confirmation under the same 50 parallel calls lets several "win" (the test above would catch it)', async () => {
    const { e, asistentes } = await eventWithAttendees(1, 'CONTROL');
    const code = asistentes[0].pivot.confirmation_code;
    const naive = async () => {
      const [row] = await t.query<{ confirmacion: string }>(
        `SELECT confirmacion FROM evento_asistentes WHERE evento_interno_id = $1 AND confirmation_code = $2`,
        [e.id, code],
      );
      await new Promise((r) => setTimeout(r, 5));
      if (row.confirmacion !== 'pendiente') return false;
      await t.query(`UPDATE evento_asistentes SET confirmacion = 'confirmado' WHERE evento_interno_id = $1 AND confirmation_code = $2`, [
        e.id,
        code,
      ]);
      return true;
    };
    const wins = (await Promise.all(Array.from({ length: 50 }, naive))).filter(Boolean).length;
    expect(wins).toBeGreaterThan(1);
  });

  it('brute force: after 10 failures an address gets 429 with Retry-After (even with a right code); failures are recorded for staff', async () => {
    const { e, asistentes } = await eventWithAttendees(2, 'FUERZA');
    const ip = newIp();
    const wrongs = await Promise.all(Array.from({ length: 14 }, (_, i) => confirm(e.slug, `ZZZ${'ABCDEFGHJKMNPQ'[i]}Z`, ip)));
    expect(wrongs.filter((r) => r.status === 422)).toHaveLength(10);
    const limited = wrongs.filter((r) => r.status === 429);
    expect(limited).toHaveLength(4);
    expect(limited[0].body.message).toMatch(/^Demasiados intentos fallidos\. Intenta de nuevo en \d+ minutos?\.$/);
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
    const right = await confirm(e.slug, asistentes[0].pivot.confirmation_code, ip);
    expect(right.status).toBe(429);
    // Another address is not affected.
    expect((await confirm(e.slug, asistentes[0].pivot.confirmation_code, newIp())).status).toBe(200);
    const detail = await t.as(admin).get(`/api/eventos-internos/${e.id}`).expect(200);
    expect(detail.body.evento.intentos_fallidos_24h).toBe(10);
    const [{ n }] = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM confirmacion_intentos_fallidos WHERE evento_interno_id = $1 AND ip = $2`,
      [e.id, ip],
    );
    expect(n).toBe(10);
  });

  it('brute force from many addresses: after 50 failures on one event, every address gets 429 for it', async () => {
    const { e, asistentes } = await eventWithAttendees(1, 'DISTRIBUIDO');
    const other = await eventWithAttendees(1, 'OTRO');
    for (let k = 0; k < 5; k++) {
      const ip = newIp();
      const batch = await Promise.all(Array.from({ length: 10 }, (_, i) => confirm(e.slug, `YY${'ABCDEFGHJK'[k]}${'ABCDEFGHJK'[i]}Y`, ip)));
      expect(batch.every((r) => r.status === 422)).toBe(true);
    }
    expect((await confirm(e.slug, asistentes[0].pivot.confirmation_code, newIp())).status).toBe(429);
    expect((await confirm(other.e.slug, other.asistentes[0].pivot.confirmation_code, newIp())).status).toBe(200);
  });

  it('live: the public room gets counts only; the staff board gets the attendee; older versions can be told apart', async () => {
    const { e, asistentes } = await eventWithAttendees(3, 'VIVO');
    const anon = await t.socket();
    expect((await t.join(anon, ROOMS.publicInternalEvent(e.id))).ok).toBe(true);
    expect((await t.join(anon, ROOMS.internalEvent(e.id))).ok).toBe(false);
    expect((await t.join(anon, ROOMS.internalEvents)).ok).toBe(false);
    const board = await t.socket(admin);
    expect((await t.join(board, ROOMS.internalEvent(e.id))).ok).toBe(true);
    const everything: unknown[] = [];
    anon.onAny((_name, payload) => everything.push(payload));

    const staffPush = nextPush(board, 'internal-attendee.updated', ARRIVAL_TIMEOUT_MS, (m) => m.data.asistente.id === asistentes[1].id);
    // The push of this confirmation (an earlier push about the attendees' creation may still be on its way).
    const publicCounts = nextPush(
      anon,
      'internal-event.counts',
      ARRIVAL_TIMEOUT_MS,
      (m) => m.data.counts.asistentes_confirmados_count === 1,
    );
    await confirm(e.slug, asistentes[1].pivot.confirmation_code, newIp()).expect(200);
    const attendee = await staffPush;
    expect(attendee.data.asistente).toMatchObject({ id: asistentes[1].id, pivot: { confirmacion: 'confirmado' } });
    const counts = await publicCounts;
    expect(counts.data.counts).toEqual({
      evento_id: e.id,
      version: expect.stringMatching(/^\d+$/),
      asistentes_count: 3,
      asistentes_confirmados_count: 1,
      asistentes_pendientes_count: 2,
      asistentes_asistieron_count: 0,
    });
    // Staff changes reach the public room as counts too.
    const next = nextPush(anon, 'internal-event.counts', ARRIVAL_TIMEOUT_MS, (m) => m.data.counts.asistentes_asistieron_count === 1);
    await t.as(admin).put(`/api/eventos-internos/${e.id}/asistentes/${asistentes[0].id}`).send({ confirmacion: 'asistio' }).expect(200);
    const later = await next;
    expect(BigInt(later.data.counts.version)).toBeGreaterThan(BigInt(counts.data.counts.version));
    expect(later.data.counts.asistentes_asistieron_count).toBe(1);
    await t.flushOutbox();
    await eventually(() => everything.length >= 2);
    expect(JSON.stringify(everything)).not.toMatch(PERSONAL);
    // A borrador's public room: staff only.
    const draft = await createInternalEvent(t, admin, { estado: 'borrador' });
    expect((await t.join(anon, ROOMS.publicInternalEvent(draft.id))).ok).toBe(false);
  });
});
