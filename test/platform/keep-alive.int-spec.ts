import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { appPerFile, type TestApp } from '../setup/test-app';

/**
 * docs/decisions/plataforma.md «Conexiones que se reutilizan». A kept-alive connection left idle for longer than Node's
 * default 5 s is still the server's: the next request on it is answered. With the default the server closed it at 5 s,
 * and a client sending on it at that moment got a reset and no answer (a browser test's poll once did).
 */
describe('a kept-alive connection idle past Node’s default 5 s is still served', () => {
  let t: TestApp;
  appPerFile((app) => (t = app), { workers: false });

  /** GET `path` through `agent`: its status and whether it went on a connection used before. */
  const get = (agent: Agent, path: string) =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const req = request(`${t.url}${path}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      });
      req.on('error', reject);
      req.end();
    });

  it('the second request, 6 s after the first, goes on the same connection and is answered', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent, '/api/health')).toEqual({ status: 200, reused: false });
      await sleep(6_000);
      expect(await get(agent, '/api/health')).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
