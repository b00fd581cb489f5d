import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopProcess } from '../setup/processes';

const ROOT = join(__dirname, '../..');

/**
 * deploy/haproxy/haproxy.cfg as production runs it, in its three ways, with the system's HAProxy in
 * front of a stand-in replica that answers /api/health and echoes the headers it got:
 * - with a certificate (HAPROXY_TLS_CERT): TLS, HTTP → HTTPS redirect, HSTS, and the AFORO_RT cookie Secure;
 * - behind a named front proxy (HAPROXY_FRONT_PROXY): only its connections, its client address and scheme;
 * - neither (`npm run start:cluster`): plain HTTP as before, the cookie without Secure (a browser would drop it).
 * In every way the cookie is HttpOnly and SameSite=Lax, and its key (HAPROXY_COOKIE_KEY) is required.
 */
describe('HAProxy: HTTPS, HSTS and the AFORO_RT cookie', () => {
  let dir: string;
  let pem: string;
  let replica: Server;
  let replicaPort: number;
  let proxy: ChildProcess | null = null;
  /** Every path the stand-in replica was asked for. */
  const reached: string[] = [];

  /** The cfg for one stand-in replica as both backends (scripts/haproxy-config.mjs, as start:cluster writes it). */
  const config = (): string =>
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { haproxyConfig } = await import(${JSON.stringify(join(ROOT, 'scripts/haproxy-config.mjs'))});
         process.stdout.write(haproxyConfig([{ role: 'api', name: 'api1', port: ${replicaPort} }, { role: 'realtime', name: 'realtime1', port: ${replicaPort} }]));`,
      ],
      { encoding: 'utf8' },
    );

  const haproxyEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HAPROXY_COOKIE_KEY: 'una-llave-de-prueba', ...extra };
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
    return env;
  };

  /** `haproxy -c` with that environment: its exit status and what it said. */
  const check = (extra: Record<string, string>) => {
    const file = join(dir, `check-${Date.now()}.cfg`);
    writeFileSync(file, config());
    const r = spawnSync('haproxy', ['-c', '-f', file], { env: haproxyEnv(extra), encoding: 'utf8' });
    return { status: r.status, output: `${r.stdout}${r.stderr}` };
  };

  async function startProxy(extra: Record<string, string>): Promise<void> {
    await stopProcess(proxy, 'SIGTERM');
    const file = join(dir, 'haproxy.cfg');
    writeFileSync(file, config());
    proxy = spawn('haproxy', ['-W', '-db', '-f', file], { env: haproxyEnv(extra), stdio: 'ignore' });
  }

  interface Answer {
    status: number;
    headers: IncomingHttpHeaders;
    body: string;
  }
  function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      const req = send(url, { headers, rejectUnauthorized: false, agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** Until the replica is in rotation (health checks: rise 2, every second). */
  async function whenServing(url: string, headers: Record<string, string> = {}): Promise<Answer> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const answer = await get(url, headers).catch(() => null);
      if (answer && answer.status !== 503) return answer;
      if (Date.now() > deadline) throw new Error(`HAProxy did not serve ${url}: ${answer?.status ?? 'no answer'}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const cookieOf = (answer: Answer): string[] => {
    const line = (answer.headers['set-cookie'] ?? []).find((c) => c.startsWith('AFORO_RT='));
    if (!line) throw new Error(`no AFORO_RT cookie: ${JSON.stringify(answer.headers)}`);
    return line.split(';').map((p) => p.trim().toLowerCase());
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aforo-haproxy-'));
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', 'key.pem', '-out', 'cert.pem'],
      { cwd: dir, stdio: 'ignore' },
    );
    pem = join(dir, 'aforo.pem');
    writeFileSync(pem, readFileSync(join(dir, 'cert.pem'), 'utf8') + readFileSync(join(dir, 'key.pem'), 'utf8'));
    replica = createServer((req, res) => {
      reached.push(req.url ?? '');
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ status: 'ok', xff: req.headers['x-forwarded-for'] ?? null, xfp: req.headers['x-forwarded-proto'] ?? null }));
    });
    await new Promise<void>((r) => replica.listen(0, '127.0.0.1', r));
    replicaPort = (replica.address() as { port: number }).port;
  });

  afterEach(async () => {
    await stopProcess(proxy, 'SIGTERM');
    proxy = null;
  });

  afterAll(async () => {
    await new Promise((r) => replica.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('with a certificate: TLS, HTTP redirected to HTTPS, HSTS, a Secure SameSite=Lax cookie, the client address', async () => {
    const [plain, tls] = [await freePort(), await freePort()];
    await startProxy({
      HAPROXY_BIND: `127.0.0.1:${plain}`,
      HAPROXY_TLS_BIND: `127.0.0.1:${tls}`,
      HAPROXY_TLS_CERT: pem,
      HAPROXY_REQUIRE_HTTPS: 'true',
    });
    const secure = await whenServing(`https://127.0.0.1:${tls}/socket.io/?EIO=4&transport=polling`, { 'X-Forwarded-For': '6.6.6.6' });
    expect(secure.status).toBe(200);
    expect(cookieOf(secure)).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=lax']));
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // The replica sees the real client and the scheme, never a forged X-Forwarded-For.
    expect(JSON.parse(secure.body)).toEqual({ status: 'ok', xff: '127.0.0.1', xfp: 'https' });

    const redirected = await get(`http://127.0.0.1:${plain}/eventos?x=1`);
    expect(redirected.status).toBe(301);
    expect(redirected.headers.location).toBe(`https://127.0.0.1:${plain}/eventos?x=1`);
    expect(redirected.headers['strict-transport-security']).toBeUndefined(); // only over https (RFC 6797)
  }, 60_000);

  it('behind a named front proxy: only its connections, its client address and scheme; HSTS and a Secure cookie', async () => {
    const port = await freePort();
    await startProxy({ HAPROXY_BIND: `127.0.0.1:${port}`, HAPROXY_FRONT_PROXY: '192.0.2.7 127.0.0.1/32', HAPROXY_REQUIRE_HTTPS: 'true' });
    const through = await whenServing(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`, {
      'X-Forwarded-For': '6.6.6.6, 203.0.113.9',
      'X-Forwarded-Proto': 'https',
    });
    expect(through.status).toBe(200);
    expect(JSON.parse(through.body)).toEqual({ status: 'ok', xff: '203.0.113.9', xfp: 'https' });
    expect(cookieOf(through)).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=lax']));
    expect(through.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // What the front proxy received over plain HTTP goes back to https.
    const plain = await get(`http://127.0.0.1:${port}/eventos`, { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'http' });
    expect(plain.status).toBe(301);

    // Anyone else is not believed: refused at the connection.
    await startProxy({ HAPROXY_BIND: `127.0.0.1:${port}`, HAPROXY_FRONT_PROXY: '192.0.2.7', HAPROXY_REQUIRE_HTTPS: 'true' });
    await new Promise((r) => setTimeout(r, 1500));
    await expect(get(`http://127.0.0.1:${port}/api/health`, { 'X-Forwarded-Proto': 'https' })).rejects.toThrow();
  }, 60_000);

  it('neither (npm run start:cluster on one machine): plain HTTP as before, the cookie HttpOnly and SameSite=Lax without Secure', async () => {
    const port = await freePort();
    await startProxy({ HAPROXY_BIND: `127.0.0.1:${port}` });
    const answer = await whenServing(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`, { 'X-Forwarded-For': '6.6.6.6' });
    expect(answer.status).toBe(200);
    const cookie = cookieOf(answer);
    expect(cookie).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
    expect(cookie).not.toContain('secure');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect(JSON.parse(answer.body)).toEqual({ status: 'ok', xff: '127.0.0.1', xfp: 'http' });
  }, 60_000);

  it('never forwards /metrics from outside, however it is spelled: HAProxy answers 404 as for a path that does not exist', async () => {
    const port = await freePort();
    await startProxy({ HAPROXY_BIND: `127.0.0.1:${port}` });
    await whenServing(`http://127.0.0.1:${port}/api/health`);
    const spellings = ['/metrics', '/metrics?x=1', '/metrics/', '/METRICS', '//metrics', '/%6Detrics', '/Metrics%2F'];
    for (const path of spellings) {
      const answer = await get(`http://127.0.0.1:${port}${path}`, { Authorization: 'Bearer un-token-de-metricas-de-prueba-123456' });
      expect([path, answer.status, answer.headers['content-type']]).toEqual([path, 404, 'application/json; charset=utf-8']);
      expect(JSON.parse(answer.body)).toEqual({ code: 'NOT_FOUND', message: 'El recurso solicitado no existe.' });
    }
    expect(reached.filter((url) => /metrics/i.test(decodeURIComponent(url)))).toEqual([]);
    // Paths that only look alike still reach the replicas.
    expect((await get(`http://127.0.0.1:${port}/api/metrics-report`)).status).toBe(200);
    expect(reached).toContain('/api/metrics-report');
  }, 60_000);

  it('refuses to start without the cookie key, or in production without a certificate or a front proxy', () => {
    const bind = { HAPROXY_BIND: '127.0.0.1:1' };
    expect(check(bind).status).toBe(0);
    const noKey = check({ ...bind, HAPROXY_COOKIE_KEY: '' });
    expect(noKey.status).not.toBe(0);
    expect(noKey.output).toMatch(/Falta HAPROXY_COOKIE_KEY/);
    const plainInProduction = check({ ...bind, HAPROXY_REQUIRE_HTTPS: 'true' });
    expect(plainInProduction.status).not.toBe(0);
    expect(plainInProduction.output).toMatch(/En producción HAProxy sirve HTTPS: define HAPROXY_TLS_CERT .* o HAPROXY_FRONT_PROXY/);
    expect(check({ ...bind, HAPROXY_REQUIRE_HTTPS: 'true', HAPROXY_FRONT_PROXY: '10.0.0.2' }).status).toBe(0);
  });
});
