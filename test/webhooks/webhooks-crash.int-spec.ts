import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { eventually, TestApp } from '../setup/test-app';
import { Receiver } from './receiver';

const EVENTS = 60;
const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_RETRY_BASE_MS: '100',
  WEBHOOK_RETRY_MAX_MS: '1000',
  WEBHOOK_TIMEOUT_MS: '5000',
};

/**
 * The workers process SIGKILLed while a delivery is on the wire (the receiver holds its answer) and started again:
 * every event arrives, in order; the one caught on the wire arrives again with the same Aforo-Delivery (at least
 * once), and nothing else twice.
 */
describe('webhooks: a workers process killed mid-delivery loses nothing', () => {
  let t: TestApp;
  let admin: string;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await TestApp.start({ workers: false, env: { ...WEBHOOK_ENV, JOB_LOCK_MS: '2000', PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } });
    admin = await t.login();
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.stop();
  });

  it('every event delivered after SIGKILL and restart, the interrupted one again with the same id', async () => {
    let hold = false;
    receiver = await new Receiver(() => (hold ? { status: 200, delayMs: 4000 } : { status: 200, delayMs: 20 })).start();
    const { webhook } = (await t.created(admin, '/api/webhooks', { url: receiver.url, eventos: ['registro.creado'] })) as {
      webhook: { id: number };
    };
    const e = await createEvent(t, admin, { max_attendees: 500 });
    const ids: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const res = await registerForEvent(t, e.slug, registrationBody(i));
      ids.push(res.body.registration.id as number);
    }
    const first = t.spawnWorkersProcess(WEBHOOK_ENV);
    await receiver.waitFor(EVENTS / 3, 60_000);
    hold = true;
    await eventually(
      () => receiver.open,
      (n) => n > 0,
      30_000,
    ); // a delivery is on the wire, its answer held
    await t.killWorkersProcess(first);
    const caught = receiver.received[receiver.received.length - 1].delivery;
    const atKill = receiver.received.length;
    hold = false;
    const [pending] = await t.query<{ estado: string; intentos: number }>(`SELECT estado, intentos FROM webhook_entregas WHERE id = $1`, [
      caught,
    ]);
    expect(pending).toEqual({ estado: 'pendiente', intentos: 0 }); // the kill left it in line, unanswered

    t.spawnWorkersProcess(WEBHOOK_ENV);
    await receiver.waitFor(EVENTS + 1, 90_000);
    await eventually(
      () =>
        t.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_entregas WHERE endpoint_id = $1 AND estado = 'entregada'`, [
          webhook.id,
        ]),
      ([r]) => r.n === EVENTS,
      30_000,
    );
    await new Promise((r) => setTimeout(r, 1000));
    const deliveries = receiver.received.map((r) => r.delivery);
    expect(deliveries.length).toBe(EVENTS + 1); // one twice, none lost
    expect(deliveries.filter((d) => d === caught)).toHaveLength(2);
    expect(deliveries[atKill]).toBe(caught); // the interrupted one first after the restart
    const unique = receiver.received.filter((r, i) => deliveries.indexOf(r.delivery) === i);
    expect(unique.map((r) => r.json.datos.registro_id)).toEqual(ids);
  }, 240_000);
});
