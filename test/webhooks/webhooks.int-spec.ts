import { ACTIONS } from '../../api/src/shared/permissions';
import { DataSource } from 'typeorm';
import { OutboxRepository } from '../../api/src/core/outbox/outbox.repository';
import { WebhookLine } from '../../api/src/modules/webhooks/webhook-line';
import { WebhooksRepository } from '../../api/src/modules/webhooks/webhooks.repository';
import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { ROOMS } from '../../api/src/shared/events/socket-events';
import { appPerFile, eventually, TestApp } from '../setup/test-app';
import { Receiver, receiverVerifies } from './receiver';

/** Short retries (the setting the issue names), loopback receivers allowed, public forms unthrottled. */
const ENV = {
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_RETRY_BASE_MS: '100',
  WEBHOOK_RETRY_MAX_MS: '1000',
  PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000',
};

async function subscribe(t: TestApp, token: string, url: string, eventos: string[] = ['registro.creado']) {
  const body = await t.created(token, '/api/webhooks', { url, eventos, descripcion: 'Portal de transparencia' });
  return { id: (body.webhook as { id: number }).id, secreto: body.secreto as string };
}

async function register(t: TestApp, slug: string, i: number): Promise<number> {
  const res = await registerForEvent(t, slug, registrationBody(i));
  if (res.status !== 201) throw new Error(`registration ${i}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.registration as { id: number }).id;
}

describe('webhooks: endpoints, signature, retries, order', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    // Never paused here: 200 registrations while a receiver is down take as long as the machine makes them (the pause has
    // its own app below).
    t = await TestApp.start({ env: { ...ENV, WEBHOOK_PAUSE_AFTER_FAILURES: '1000' } });
    admin = await t.login();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('only super admins and integraciones staff manage endpoints; the secret is shown once; bad input writes nothing', async () => {
    const integrador = await t.createUser(admin, { email: 'integra@aforo.test', permissions: { integraciones: ACTIONS } });
    const lector = await t.createUser(admin, { email: 'lector@aforo.test', permissions: { integraciones: ['view'] } });
    const otro = await t.createUser(admin, { email: 'otro@aforo.test', permissions: { eventos_externos: ACTIONS } });
    const receiver = await new Receiver().start();
    try {
      const created = await t
        .as(integrador.token)
        .post('/api/webhooks')
        .send({ url: receiver.url, eventos: ['registro.creado', 'registro.creado'] });
      expect(created.status).toBe(201);
      expect(created.body.secreto).toMatch(/^whsec_[0-9a-f]{64}$/);
      expect(created.body.webhook).toMatchObject({ eventos: ['registro.creado'], estado: 'activo', creado_por: integrador.id });

      const listed = await t.as(lector.token).get('/api/webhooks');
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).not.toContain(created.body.secreto);
      expect(
        (
          await t
            .as(lector.token)
            .post('/api/webhooks')
            .send({ url: receiver.url, eventos: ['registro.creado'] })
        ).status,
      ).toBe(403);
      expect((await t.as(otro.token).get('/api/webhooks')).status).toBe(403);
      expect((await t.as(lector.token).delete(`/api/webhooks/${created.body.webhook.id}`)).status).toBe(403);

      const before = await t.query(`SELECT count(*)::int AS n FROM webhook_endpoints`);
      for (const body of [
        { url: receiver.url, eventos: [] },
        { url: receiver.url, eventos: ['registro.inventado'] },
        { url: 'ftp://127.0.0.1/x', eventos: ['registro.creado'] },
        { url: 'https://usuario:clave@example.com/x', eventos: ['registro.creado'] },
        { eventos: ['registro.creado'] },
      ]) {
        const res = await t.as(admin).post('/api/webhooks').send(body);
        expect(res.status).toBe(422);
        expect(typeof res.body.message).toBe('string');
      }
      expect(await t.query(`SELECT count(*)::int AS n FROM webhook_endpoints`)).toEqual(before);
      expect(
        (
          await t
            .as(admin)
            .put('/api/webhooks/999999')
            .send({ url: receiver.url, eventos: ['registro.creado'] })
        ).status,
      ).toBe(404);
      expect((await t.as(admin).get('/api/webhooks/999999/entregas')).status).toBe(404);
      expect((await t.as(admin).delete('/api/webhooks/999999')).status).toBe(404);

      expect((await t.as(integrador.token).delete(`/api/webhooks/${created.body.webhook.id}`)).status).toBe(200);
      expect(await t.query(`SELECT id FROM webhook_endpoints WHERE id = $1`, [created.body.webhook.id])).toEqual([]);
    } finally {
      await receiver.stop();
    }
  });

  it('signs with the Stripe scheme: the receiver verifies each delivery and the ping with its own code; a rotation signs with both for 24 h', async () => {
    const receiver = await new Receiver().start();
    try {
      const { id, secreto } = await subscribe(t, admin, receiver.url, ['registro.creado', 'registro.cancelado']);
      const ping = await t.as(admin).post(`/api/webhooks/${id}/probar`);
      expect(ping.status).toBe(200);
      expect(ping.body.entrega).toMatchObject({ evento: 'ping', estado: 'entregada', codigo_respuesta: 200, respuesta: 'ok' });
      expect(receiver.received[0]).toMatchObject({ event: 'ping', delivery: ping.body.entrega.id });
      expect(receiverVerifies(receiver.received[0].signature, receiver.received[0].body, secreto)).toBe(true);
      expect(receiverVerifies(receiver.received[0].signature, receiver.received[0].body, 'whsec_otro')).toBe(false);
      expect(receiverVerifies(receiver.received[0].signature, `${receiver.received[0].body} `, secreto)).toBe(false);

      const e = await createEvent(t, admin);
      const registroId = await register(t, e.slug, 1);
      const [, delivered] = await receiver.waitFor(2);
      expect(delivered.event).toBe('registro.creado');
      expect(receiverVerifies(delivered.signature, delivered.body, secreto)).toBe(true);
      // Only what the event needs: ids and status, no name, e-mail, phone or door code.
      expect(delivered.json).toMatchObject({
        evento: 'registro.creado',
        datos: { evento_id: e.id, registro_id: registroId, estado: 'registered' },
      });
      expect(delivered.body).not.toMatch(/Garza|persona1@correo|8110000001|codigo/);

      const rotated = await t
        .as(admin)
        .put(`/api/webhooks/${id}`)
        .send({ url: receiver.url, eventos: ['registro.creado'], rotar_secreto: true });
      expect(rotated.status).toBe(200);
      expect(rotated.body.secreto).toMatch(/^whsec_/);
      expect(rotated.body.secreto).not.toBe(secreto);
      expect(rotated.body.webhook.secreto_anterior_hasta).not.toBeNull();
      await register(t, e.slug, 2);
      const [, , afterRotation] = await receiver.waitFor(3);
      expect(afterRotation.signature.match(/v1=/g)).toHaveLength(2);
      expect(receiverVerifies(afterRotation.signature, afterRotation.body, secreto)).toBe(true);
      expect(receiverVerifies(afterRotation.signature, afterRotation.body, rotated.body.secreto)).toBe(true);
      // Past the 24 h the old secret stops signing.
      await t.query(`UPDATE webhook_endpoints SET secreto_anterior_hasta = now() - interval '1 second' WHERE id = $1`, [id]);
      const ping2 = await t.as(admin).post(`/api/webhooks/${id}/probar`);
      const last = receiver.received.find((r) => r.delivery === ping2.body.entrega.id)!;
      expect(last.signature.match(/v1=/g)).toHaveLength(1);
      expect(receiverVerifies(last.signature, last.body, secreto)).toBe(false);
      expect(receiverVerifies(last.signature, last.body, rotated.body.secreto)).toBe(true);
      await t.as(admin).delete(`/api/webhooks/${id}`);
    } finally {
      await receiver.stop();
    }
  });

  it('a receiver failing twice then succeeding gets the same delivery id three times; the log shows it delivered on the third attempt', async () => {
    const receiver = await new Receiver((n) => (n < 2 ? { status: 503, body: 'ocupado' } : { status: 200, body: 'gracias' })).start();
    try {
      const { id } = await subscribe(t, admin, receiver.url);
      const e = await createEvent(t, admin);
      await register(t, e.slug, 10);
      await receiver.waitFor(3);
      await new Promise((r) => setTimeout(r, 1500)); // no fourth attempt after the 2xx
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((r) => r.delivery)).size).toBe(1);
      expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1); // the same bytes every attempt
      const log = await t.as(admin).get(`/api/webhooks/${id}/entregas`);
      expect(log.status).toBe(200);
      expect(log.body.entregas).toHaveLength(1);
      expect(log.body.entregas[0]).toMatchObject({
        id: receiver.received[0].delivery,
        estado: 'entregada',
        intentos: 3,
        codigo_respuesta: 200,
        respuesta: 'gracias',
      });
      expect(log.body.entregas[0].latencia_ms).toEqual(expect.any(Number));

      // 'reenviar' a delivered one: one more attempt now, with the same id.
      const again = await t.as(admin).post(`/api/webhooks/${id}/entregas/${receiver.received[0].delivery}/reenviar`);
      expect(again.status).toBe(200);
      expect(again.body.entrega).toMatchObject({ id: receiver.received[0].delivery, estado: 'entregada', intentos: 4 });
      expect(receiver.received[3].delivery).toBe(receiver.received[0].delivery);
      expect((await t.as(admin).post(`/api/webhooks/${id}/entregas/00000000-0000-4000-8000-000000000000/reenviar`)).status).toBe(404);
      expect((await t.as(admin).post(`/api/webhooks/${id}/entregas/no-es-uuid/reenviar`)).status).toBe(404);
      await t.as(admin).delete(`/api/webhooks/${id}`);
    } finally {
      await receiver.stop();
    }
  });

  it("the delivery log is live: its room is for who may read the log; the line's attempts and staff's 'probar'/'reenviar' reach it", async () => {
    const lector = await t.createUser(admin, { email: 'lector-vivo@aforo.test', permissions: { integraciones: ['view'] } });
    const otro = await t.createUser(admin, { email: 'otro-vivo@aforo.test', permissions: { eventos_externos: ['view'] } });
    const receiver = await new Receiver((n) => (n === 0 ? { status: 503, body: 'ocupado' } : { status: 200, body: 'gracias' })).start();
    const quiet = await new Receiver().start();
    try {
      const { id } = await subscribe(t, admin, receiver.url);
      const other = await subscribe(t, admin, quiet.url, ['registro.cancelado']);
      await t.flushOutbox();
      // Who may read GET …/entregas (integraciones view) joins; nobody else, never anonymous, never an unknown endpoint.
      const screen = await t.socket(lector.token);
      expect(await t.join(screen, ROOMS.webhook(id))).toEqual({ ok: true });
      expect((await t.join(await t.socket(otro.token), ROOMS.webhook(id))).ok).toBe(false);
      expect((await t.join(await t.socket(), ROOMS.webhook(id))).ok).toBe(false);
      expect((await t.join(await t.socket(admin), ROOMS.webhook(999999))).ok).toBe(false);
      const elsewhere = await t.socket(admin);
      expect(await t.join(elsewhere, ROOMS.webhook(other.id))).toEqual({ ok: true });
      const heard: Array<{ nuevas: boolean; entregas: Array<{ id: string; evento: string; estado: string; intentos: number }> }> = [];
      screen.on('webhook.deliveries', (msg) => heard.push(msg.data));
      const strays: unknown[] = [];
      elsewhere.on('webhook.deliveries', (msg) => strays.push(msg));

      const e = await createEvent(t, admin);
      await register(t, e.slug, 30);
      await receiver.waitFor(2);
      const delivery = receiver.received[0].delivery;
      // Made (pending, newest first), attempted (503: pending, one attempt), delivered on the second attempt.
      await eventually(
        () => heard,
        (h) => h.some((m) => m.entregas.some((d) => d.estado === 'entregada')),
      );
      expect(heard.map((m) => [m.nuevas, m.entregas.map((d) => [d.id, d.estado, d.intentos])])).toEqual([
        [true, [[delivery, 'pendiente', 0]]],
        [false, [[delivery, 'pendiente', 1]]],
        [false, [[delivery, 'entregada', 2]]],
      ]);
      const [, , last] = heard;
      expect(last.entregas[0]).toEqual((await t.as(admin).get(`/api/webhooks/${id}/entregas`).expect(200)).body.entregas[0]);

      // Staff's 'probar' (a new delivery) and 'reenviar' (one more attempt), audited, reach the log too.
      heard.length = 0;
      const ping = await t.as(admin).post(`/api/webhooks/${id}/probar`).expect(200);
      await t.as(admin).post(`/api/webhooks/${id}/entregas/${delivery}/reenviar`).expect(200);
      await eventually(
        () => heard,
        (h) => h.length === 2,
      );
      expect(heard).toEqual([
        { webhook_id: id, nuevas: true, entregas: [ping.body.entrega] },
        expect.objectContaining({ nuevas: false, entregas: [expect.objectContaining({ id: delivery, intentos: 3 })] }),
      ]);
      expect(
        (
          await t.query<{ type: string }>(
            `SELECT type FROM domain_events WHERE type LIKE 'webhook.%' AND resource_id = ANY($1::text[]) ORDER BY seq`,
            [[ping.body.entrega.id, delivery]],
          )
        ).map((r) => r.type),
      ).toEqual(['webhook.pinged', 'webhook.delivery-resent']);
      expect(strays).toEqual([]);
      await t.as(admin).delete(`/api/webhooks/${id}`);
      await t.as(admin).delete(`/api/webhooks/${other.id}`);
    } finally {
      await receiver.stop();
      await quiet.stop();
    }
  });

  it('a receiver down while 200 registrations happen gets all 200, in order, once it is back', async () => {
    const receiver = await new Receiver().start();
    const port = receiver.port;
    const { id } = await subscribe(t, admin, receiver.url);
    await receiver.stop();
    try {
      const e = await createEvent(t, admin, { max_attendees: 500 });
      // Ten waves of 20 at once: within a wave the order is whatever the commits were, between waves it is the waves'.
      const waves: number[][] = [];
      for (let w = 0; w < 10; w++)
        waves.push(await Promise.all(Array.from({ length: 20 }, (_, i) => register(t, e.slug, 1000 + w * 20 + i))));
      await eventually(
        () => t.query<{ n: number }>(`SELECT max(intentos)::int AS n FROM webhook_entregas WHERE endpoint_id = $1`, [id]),
        ([r]) => (r?.n ?? 0) >= 2,
      ); // it has failed, and waits
      await receiver.start(port);
      const got = await receiver.waitFor(200, 60_000);
      const registros = got.map((r) => r.json.datos.registro_id as number);
      expect(new Set(registros).size).toBe(200);
      expect(new Set(registros)).toEqual(new Set(waves.flat()));
      const waveOf = (registro: number) => waves.findIndex((wave) => wave.includes(registro));
      expect(registros.map(waveOf)).toEqual([...registros.map(waveOf)].sort((a, b) => a - b)); // wave after wave
      const line = await t.query<{ id: string }>(`SELECT id FROM webhook_entregas WHERE endpoint_id = $1 ORDER BY orden_at, orden_seq`, [
        id,
      ]);
      expect(got.map((r) => r.delivery)).toEqual(line.map((r) => r.id)); // in the relay's publication order
      // The receiver has the last delivery a moment before the line records its answer.
      const log = await eventually(
        () =>
          t.query<{ estado: string; n: number }>(
            `SELECT estado, count(*)::int AS n FROM webhook_entregas WHERE endpoint_id = $1 GROUP BY estado`,
            [id],
          ),
        (rows) => rows.every((r) => r.estado !== 'pendiente'),
      );
      expect(log).toEqual([{ estado: 'entregada', n: 200 }]);
      const [{ estado }] = await t.query<{ estado: string }>(`SELECT estado FROM webhook_endpoints WHERE id = $1`, [id]);
      expect(estado).toBe('activo');
      await t.as(admin).delete(`/api/webhooks/${id}`);
    } finally {
      await receiver.stop();
    }
  }, 120_000);

  it('many runs of one line at once (parallel wake-ups, two workers) send each event once, in order', async () => {
    const receiver = await new Receiver(() => ({ status: 200, delayMs: 15 })).start();
    try {
      const { id } = await subscribe(t, admin, receiver.url);
      const e = await createEvent(t, admin, { max_attendees: 100 });
      const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => register(t, e.slug, 3000 + i)));
      await t.flushOutbox();
      const line = t.workers!.get(WebhookLine, { strict: false });
      await Promise.all(Array.from({ length: 12 }, () => line.run(id)));
      const got = await receiver.waitFor(30);
      await new Promise((r) => setTimeout(r, 1000));
      expect(receiver.received).toHaveLength(30);
      expect(new Set(got.map((r) => r.delivery)).size).toBe(30);
      expect(new Set(got.map((r) => r.json.datos.registro_id)).size).toBe(30);
      expect(new Set(ids)).toEqual(new Set(got.map((r) => r.json.datos.registro_id)));
      const line_ = await t.query<{ id: string }>(`SELECT id FROM webhook_entregas WHERE endpoint_id = $1 ORDER BY orden_at, orden_seq`, [
        id,
      ]);
      expect(got.map((r) => r.delivery)).toEqual(line_.map((r) => r.id)); // the publication order
      await t.as(admin).delete(`/api/webhooks/${id}`);
    } finally {
      await receiver.stop();
    }
  });

  it('a run that comes before its event is published (the relay queues the wake-up before it commits) looks again, not idle until the sweep', async () => {
    const { id } = await subscribe(t, admin, 'http://127.0.0.1:9/nadie');
    const ds = t.app.get(DataSource);
    const repo = t.workers!.get(WebhooksRepository, { strict: false });
    const outbox = t.app.get(OutboxRepository);
    const rollback = new Error('rollback');
    // In one transaction: the event is in the outbox, not published yet, as while its relay's transaction is open.
    await expect(
      ds.transaction(async (manager) => {
        const endpoint = (await repo.lineEndpoint(manager, id))!;
        expect(await repo.nextEvents(manager, endpoint, ['registration.created'], 72, 10)).toEqual({ events: [], held: false });
        await outbox.insert(manager, { userId: null, ip: null }, [
          { type: 'registration.created', resourceId: 1, payload: { event_id: 1, registration: {} } as never },
        ]);
        expect(await repo.nextEvents(manager, endpoint, ['registration.created'], 72, 10)).toEqual({ events: [], held: true });
        // An unpublished event of a kind the line does not carry holds nothing.
        expect(await repo.nextEvents(manager, endpoint, ['registration.confirmed'], 72, 10)).toEqual({ events: [], held: false });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await t.as(admin).delete(`/api/webhooks/${id}`);
  });
});

/**
 * Ten failures in a row (the default) pause an endpoint: with retries capped at 100 ms they come within a second or
 * two (the file's first app waits up to 1 s between retries and never pauses).
 */
describe('webhooks: a 410 disables, failures in a row pause', () => {
  let t: TestApp;
  let admin: string;
  appPerFile(
    async (app) => {
      t = app;
      admin = await app.login();
    },
    { env: { ...ENV, WEBHOOK_RETRY_MAX_MS: '100' } },
  );

  it('a 410 disables the endpoint; failures in a row pause it and mail its owner', async () => {
    const gone = await new Receiver(() => ({ status: 410 })).start();
    const failing = await new Receiver(() => ({ status: 500, body: 'error interno' })).start();
    const a = await subscribe(t, admin, gone.url);
    const b = await subscribe(t, admin, failing.url);
    await t.flushOutbox();
    const socket = await t.socket(admin);
    await t.join(socket, 'webhooks');
    const pushes: number[] = [];
    socket.on('webhooks.changed', (msg) => pushes.push(msg.data.webhook_id));
    try {
      const e = await createEvent(t, admin);
      await register(t, e.slug, 20);
      await register(t, e.slug, 21);
      await eventually(
        () => t.query<{ estado: string; motivo: string }>(`SELECT estado, motivo FROM webhook_endpoints WHERE id = $1`, [a.id]),
        ([r]) => r.estado === 'deshabilitado',
      );
      expect(gone.received).toHaveLength(1); // nothing after the 410
      const paused = await eventually(
        () =>
          t.query<{ estado: string; motivo: string; fallos_seguidos: number }>(
            `SELECT estado, motivo, fallos_seguidos FROM webhook_endpoints WHERE id = $1`,
            [b.id],
          ),
        ([r]) => r.estado === 'pausado',
        60_000,
      );
      expect(paused[0].fallos_seguidos).toBe(10);
      expect(paused[0].motivo).toContain('10 intentos fallidos seguidos');
      expect(failing.received).toHaveLength(10);
      expect(new Set(failing.received.map((r) => r.delivery)).size).toBe(1); // the head of the line, retried
      const mails = await t.query<{ template: string; to_email: string }>(
        `SELECT template, to_email FROM correos WHERE template = 'webhooks.detenido'`,
      );
      expect(mails.map((m) => m.to_email).sort()).toEqual(['admin@aforo.test', 'admin@aforo.test']);
      await eventually(
        () => pushes,
        (p) => p.includes(a.id) && p.includes(b.id),
      );
      await new Promise((r) => setTimeout(r, 600)); // six retry waits: an endpoint still active would have been sent more
      expect(failing.received).toHaveLength(10); // paused: no more attempts

      // Active again: the line resumes where it stopped, in order.
      failing.behaviour = () => ({ status: 200 });
      const res = await t
        .as(admin)
        .put(`/api/webhooks/${b.id}`)
        .send({ url: failing.url, eventos: ['registro.creado'], estado: 'activo' });
      expect(res.body.webhook).toMatchObject({ estado: 'activo', fallos_seguidos: 0, motivo: null });
      await failing.waitFor(12);
      expect(failing.received[10].delivery).toBe(failing.received[0].delivery);
      expect(failing.received[11].json.datos.registro_id).toBeGreaterThan(failing.received[10].json.datos.registro_id as number);
      await t.as(admin).delete(`/api/webhooks/${a.id}`);
      await t.as(admin).delete(`/api/webhooks/${b.id}`);
    } finally {
      socket.disconnect();
      await gone.stop();
      await failing.stop();
    }
  }, 90_000);
});
