import { assignPersonas, createInternalEvent, insertPersonas } from '../factories/internal-events';
import { RedisService } from '../../api/src/core/redis/redis.service';
import { appWithCuttableRedis, type TcpProxy } from '../setup/tcp-proxy';
import { eventually, TestApp } from '../setup/test-app';

/**
 * Guessing confirmation codes must not pay while Redis is down either: the failures are then counted in the API
 * process itself, with the same limits (per address, per event), instead of letting every guess through.
 */
describe('internal events: the confirmation limit while Redis is unreachable', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let close: () => Promise<void>;
  let admin: string;

  beforeAll(async () => {
    ({ t, proxy, close } = await appWithCuttableRedis({ env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: 'loopback' } }));
    admin = await t.login();
  });
  afterAll(() => close?.());

  const confirm = (slug: string, code: string, ip: string) =>
    t.http().post(`/api/eventos-internos/public/${slug}/confirm`).set('X-Forwarded-For', ip).send({ code });

  it('after 10 failures an address gets 429 (even with a right code), others still confirm; counted again in Redis once it is back', async () => {
    const e = await createInternalEvent(t, admin);
    const { asistentes } = await assignPersonas(t, admin, e.id, await insertPersonas(t, 3, 'SINREDIS'));
    const code = (i: number) => asistentes[i].pivot.confirmation_code as string;

    await proxy.cut();
    const wrongs = await Promise.all(Array.from({ length: 14 }, (_, i) => confirm(e.slug, `ZZZ${'ABCDEFGHJKMNPQ'[i]}Z`, '10.9.0.1')));
    expect(wrongs.map((r) => r.status).sort()).toEqual([...Array(10).fill(422), ...Array(4).fill(429)]);
    const limited = wrongs.find((r) => r.status === 429)!;
    expect(limited.body.message).toMatch(/^Demasiados intentos fallidos\. Intenta de nuevo en \d+ minutos?\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await confirm(e.slug, code(0), '10.9.0.1')).status).toBe(429);
    expect((await confirm(e.slug, code(0), '10.9.0.2')).status).toBe(200);

    // Redis back: it counts again (this process's counts were the outage's stand-in), and a right code confirms.
    await proxy.restore();
    await eventually(
      () => t.app.get(RedisService).client.status,
      (status) => status === 'ready',
    );
    expect((await confirm(e.slug, code(1), '10.9.0.1')).status).toBe(200);
    const [{ n }] = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM confirmacion_intentos_fallidos WHERE evento_interno_id = $1 AND ip = '10.9.0.1'`,
      [e.id],
    );
    expect(n).toBe(10);
  });
});
