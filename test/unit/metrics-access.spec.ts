import { metricsAccess } from '../../api/src/core/access/metrics-access';
import { loadConfig } from '../../api/src/core/config/app-config';
import { roomKind } from '../../api/src/core/metrics/socket-metrics';

const TOKEN = 'm'.repeat(32);
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

describe('who may read GET /metrics (core/access/metrics-access.ts)', () => {
  it('this machine: a loopback connection that no proxy says came from elsewhere', () => {
    for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(metricsAccess(peer, {}, null)).toBe('allowed');
    expect(metricsAccess('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }, null)).toBe('allowed');
    expect(metricsAccess('127.0.0.1', { forwarded: 'for="[::1]:4711"' }, null)).toBe('allowed');
  });

  it('a citizen through HAProxy on this machine is not this machine: without a token, the path does not exist (404)', () => {
    expect(metricsAccess('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }, null)).toBe('not-found');
    expect(metricsAccess('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' }, null)).toBe('not-found');
    expect(metricsAccess('127.0.0.1', { forwarded: 'for=203.0.113.7;proto=https' }, null)).toBe('not-found');
    expect(metricsAccess('127.0.0.1', { forwarded: 'for=unknown' }, null)).toBe('not-found');
    expect(metricsAccess('127.0.0.1', { 'x-real-ip': '198.51.100.2' }, null)).toBe('not-found');
    expect(metricsAccess('10.0.0.8', {}, null)).toBe('not-found');
    expect(metricsAccess(undefined, {}, null)).toBe('not-found');
  });

  it('with METRICS_TOKEN, anyone else reads it with the bearer token; a missing or wrong one is a 401', () => {
    expect(metricsAccess('10.0.0.8', bearer(TOKEN), TOKEN)).toBe('allowed');
    expect(metricsAccess('127.0.0.1', { 'x-forwarded-for': '203.0.113.7', ...bearer(TOKEN) }, TOKEN)).toBe('allowed');
    expect(metricsAccess('10.0.0.8', {}, TOKEN)).toBe('unauthorized');
    expect(metricsAccess('10.0.0.8', bearer(`${TOKEN}x`), TOKEN)).toBe('unauthorized');
    expect(metricsAccess('10.0.0.8', { authorization: TOKEN }, TOKEN)).toBe('unauthorized');
    // A JWT of a signed-in super admin is not the metrics token.
    expect(metricsAccess('10.0.0.8', bearer('eyJhbGciOiJIUzI1NiJ9.e30.x'), TOKEN)).toBe('unauthorized');
  });

  it('METRICS_TOKEN is a long secret; METRICS_PORT and METRICS_HOST have their defaults', () => {
    const base = { DATABASE_URL: 'postgres://u@localhost/db', JWT_SECRET: 'x'.repeat(40) };
    const config = loadConfig(base, []);
    expect([config.metricsToken, config.metricsPort, config.metricsHost]).toEqual([null, null, '127.0.0.1']);
    expect(loadConfig({ ...base, METRICS_TOKEN: ` ${TOKEN} `, METRICS_PORT: '0' }, [])).toMatchObject({
      metricsToken: TOKEN,
      metricsPort: 0,
    });
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'corto' }, [])).toThrow(
      'Configuración inválida: METRICS_TOKEN debe tener al menos 24',
    );
    expect(() => loadConfig({ ...base, METRICS_PORT: '70000' }, [])).toThrow('METRICS_PORT debe ser un número entero entre 0 y 65535');
  });
});

describe('room kinds in labels: never an id, a token or what a person typed', () => {
  it.each([
    ['user:12', 'user:{id}'],
    ['session:6f1c2b9e-3f4a-4c1d-9a7b-0e2d5c8f1a3b', 'session:{id}'],
    ['public:eventos', 'public:eventos'],
    ['public:evento:5', 'public:evento:{id}'],
    ['public:evento-interno:7', 'public:evento-interno:{id}'],
    ['door:externo:3', 'door:externo:{id}'],
    ['correos:programa', 'correos:programa'],
    ['internal-event-seating:40', 'internal-event-seating:{id}'],
    ['users', 'users'],
    ['persona:ana@example.org', 'persona:{id}'],
    ['Juan Pérez', '{id}'],
  ])('%s → %s', (room, kind) => expect(roomKind(room)).toBe(kind));
});
