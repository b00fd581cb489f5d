import { TestApp } from '../setup/test-app';

/**
 * docs/decisions/seguridad.md «La dirección del cliente: solo la dice el proxy». X-Forwarded-For is believed only
 * from the hop TRUST_PROXY names. Here the named proxy is
 * another machine (192.0.2.250), so this client (127.0.0.1) is not it: whatever address it writes, the sign-in
 * throttle, the per-IP limits and the audit see 127.0.0.1.
 */
// Sign-ins hash with bcrypt: patience for a busy machine, not a speed requirement.
jest.setTimeout(120_000);

describe('a client that is not the named proxy cannot choose its address', () => {
  let t: TestApp;
  const owner = { email: 'duena@aforo.test', password: 'correcta-123' };

  beforeAll(async () => {
    t = await TestApp.start({ workers: false, env: { TRUST_PROXY: '192.0.2.250' } });
    await t.createUser(await t.login(), owner);
  });
  afterAll(() => t.close());

  it('a new forged X-Forwarded-For on every guess does not escape the sign-in throttle', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t
        .http()
        .post('/api/login')
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .send({ ...owner, password: `mala-${i}` });
      expect(res.status).toBe(401);
    }
    const sixth = await t
      .http()
      .post('/api/login')
      .set('X-Forwarded-For', '198.51.100.77')
      .send({ ...owner, password: 'mala-5' });
    expect(sixth.status).toBe(429);
  });

  it('the public write limit counts the real address, not the forged ones', async () => {
    const limited = await TestApp.start({ workers: false, env: { TRUST_PROXY: '192.0.2.250', PUBLIC_WRITE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited
          .http()
          .post('/api/eventos/no-existe/register')
          .set('X-Forwarded-For', `203.0.113.${100 + i}`)
          .send({});
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('the audit (its domain event) records the real address', async () => {
    const admin = await t
      .http()
      .post('/api/login')
      .set('X-Forwarded-For', '203.0.113.200')
      .send({ email: t.config.adminEmail, password: t.config.adminPassword });
    expect(admin.status).toBe(200);
    const rows: { ip: string }[] = await t.db.query(`SELECT ip FROM domain_events WHERE type = 'auth.logged-in' AND ip IS NOT NULL`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.ip)).not.toContain('203.0.113.200');
    expect(rows.map((r) => r.ip)).toContain('127.0.0.1');
  });
});
