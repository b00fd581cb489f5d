import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { IncomingMessage } from 'node:http';
import { RealtimeGateway } from '../../api/src/core/realtime/realtime.gateway';
import { TestApp, signedInApp } from '../setup/test-app';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * What a connected staff screen keeps on the server (socket.io's memory guide, issue 30 §3): once the websocket is
 * open, the HTTP request of its upgrade (headers, raw headers, cookies) is garbage. engine.io kept it twice — on its
 * socket (`request`) and through the upgrade's stand-in response, which a `close` listener on the TCP socket holds for
 * the connection's life (core/process/redis-io.adapter.ts lets go of both).
 */
describe('a connected socket does not keep the request of its upgrade', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { workers: false });

  it('the upgrade request is collected while the socket stays connected', async () => {
    const engine = (t.app.get(RealtimeGateway) as unknown as { server: { engine: NodeJS.EventEmitter } }).server.engine;
    const requests: Array<WeakRef<IncomingMessage>> = [];
    const seen = (_headers: unknown, req: IncomingMessage) => requests.push(new WeakRef(req));
    engine.on('initial_headers', seen);
    try {
      const sockets = [await t.socket(admin), await t.socket(admin), await t.socket()];
      expect(requests).toHaveLength(3);
      for (const s of sockets) expect((await t.join(s, 'users')).ok).toBe(s !== sockets[2]);
      // Collected across a few event-loop turns (the upgrade's last callbacks run after the connect).
      for (let i = 0; i < 5 && requests.some((r) => r.deref()); i++) {
        await new Promise((r) => setTimeout(r, 50));
        gc();
      }
      expect(requests.filter((r) => r.deref() !== undefined)).toHaveLength(0);
      expect(sockets.every((s) => s.connected)).toBe(true);
    } finally {
      engine.off('initial_headers', seen);
    }
  });
});
