import { LoginThrottle } from '../../api/src/modules/auth/login-throttle';
import { RedisService } from '../../api/src/core/redis/redis.service';
import { TestApp } from '../setup/test-app';

/**
 * Throttling slows the address that guesses, never the account for everyone. Addresses
 * are told apart through X-Forwarded-For (TRUST_PROXY=loopback: the test client plays the proxy, as HAProxy on the same machine).
 */
// Dozens of sign-ins (bcrypt each) per test: patience for a busy machine, not a speed requirement.
jest.setTimeout(120_000);

describe('Sign-in throttling per account+address and per address, with growing delays', () => {
  let t: TestApp;
  let admin: string;
  const owner = { email: 'duena@aforo.test', password: 'correcta-123' };
  const other = { email: 'otro@aforo.test', password: 'correcta-456' };

  beforeAll(async () => {
    t = await TestApp.start({ workers: false, env: { TRUST_PROXY: 'loopback' } });
    admin = await t.login();
    await t.createUser(admin, owner);
    await t.createUser(admin, other);
  });
  afterAll(() => t.close());

  const login = (from: string, body: { email: string; password: string }) =>
    t.http().post('/api/login').set('X-Forwarded-For', from).send(body);

  it('an attacker guessing one account is slowed; the owner from another address still signs in', async () => {
    const attacker = '203.0.113.10';
    for (let i = 0; i < 5; i++) expect((await login(attacker, { ...owner, password: `mala-${i}` })).status).toBe(401);
    // Even the right password waits from the guessing address (else the delay would tell it apart).
    const slowed = await login(attacker, owner);
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toMatch(/^Demasiados intentos fallidos de inicio de sesión\. Intenta de nuevo en \d+ segundos?\.$/);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(30);

    // The owner, from an address that did nothing wrong: signs in at once, as many times as they like.
    for (let i = 0; i < 3; i++) expect((await login('198.51.100.7', owner)).status).toBe(200);
    // The attacker's address is not blocked for another account (only the pair is slowed so far).
    expect((await login(attacker, other)).status).toBe(200);
  });

  it('the delays grow with each further failure', async () => {
    const attacker = '203.0.113.20';
    const throttle = t.app.get(LoginThrottle);
    const redis = t.app.get(RedisService).client;
    const retryAfter = async () => Number((await login(attacker, owner)).headers['retry-after'] ?? 0);
    // Lets the current delay pass (ages the last failure instead of waiting for it).
    const letDelayPass = () => Promise.all(throttle.keys(owner.email, attacker).map((k) => redis.hset(k, 'last', Date.now() - 3_600_000)));

    for (let i = 0; i < 5; i++) await login(attacker, { ...owner, password: 'mala' });
    const waits = [await retryAfter()];
    for (let round = 0; round < 3; round++) {
      await letDelayPass();
      expect((await login(attacker, { ...owner, password: 'mala' })).status).toBe(401);
      waits.push(await retryAfter());
    }
    expect(waits[0]).toBeGreaterThan(0);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]);
    expect(waits[3]).toBeLessThanOrEqual(15 * 60);
  });

  it('an address failing on many accounts is slowed for all of them; other addresses are not', async () => {
    const sprayer = '203.0.113.30';
    for (let i = 0; i < 20; i++) expect((await login(sprayer, { email: `nadie${i}@aforo.test`, password: 'x-x-x-x' })).status).toBe(401);
    const res = await login(sprayer, other);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('198.51.100.8', other)).status).toBe(200);
  }, 120_000); // 22 bcrypt comparisons in a row: seconds alone, past 30 s on a loaded machine (auth.int-spec.ts)

  it('a burst of parallel guesses gets no more than the free attempts evaluated', async () => {
    const burst = '203.0.113.40';
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login(burst, { ...other, password: `mala-${i}` })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect((await login('198.51.100.9', other)).status).toBe(200);
  });

  it("a successful sign-in forgets the pair's failures, and does not count against a shared address", async () => {
    const office = '192.0.2.50';
    for (let i = 0; i < 4; i++) expect((await login(office, { ...owner, password: 'typo' })).status).toBe(401);
    expect((await login(office, owner)).status).toBe(200);
    // After the success the pair starts again: four more typos are still free.
    for (let i = 0; i < 4; i++) expect((await login(office, { ...owner, password: 'typo' })).status).toBe(401);
    expect((await login(office, owner)).status).toBe(200);
    // Colleagues signing in correctly behind the same address, more often than its free failures, are never slowed.
    for (let i = 0; i < 21; i++) expect((await login(office, other)).status).toBe(200);
  }, 120_000); // 31 bcrypt comparisons in a row
});
