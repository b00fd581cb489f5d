import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import { BARE_HANDSHAKE, RealtimeGateway } from '../../api/src/core/realtime/realtime.gateway';
import { TestApp, signedInApp } from '../setup/test-app';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Collects across a few event-loop turns (the upgrade's last callbacks run after the connect). */
async function collect(refs: Array<WeakRef<object>>): Promise<void> {
  for (let i = 0; i < 5 && refs.some((r) => r.deref()); i++) {
    await new Promise((r) => setTimeout(r, 50));
    gc();
  }
}

/** engine.io's socket of a socket.io socket, its websocket transport and the ws socket under it. */
type RawTransport = NodeJS.EventEmitter & { name: string; socket: NodeJS.EventEmitter & { extensions: string } };
const transportOf = (socket: Socket) => (socket.conn as unknown as { transport: RawTransport }).transport;

/**
 * What a connected staff screen keeps on the server (socket.io's memory guide, issue 30 §3): once the websocket is
 * open, the HTTP request of its upgrade (headers, raw headers, cookies) is garbage. engine.io kept it twice — on its
 * socket (`request`) and through the upgrade's stand-in response, which a `close` listener on the TCP socket holds for
 * the connection's life (core/process/redis-io.adapter.ts lets go of both, and of the stand-in).
 */
describe('a connected socket does not keep the request of its upgrade', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { workers: false });
  const server = () => (t.app.get(RealtimeGateway) as unknown as { server: Server }).server;

  it('the upgrade request is collected while the socket stays connected', async () => {
    const engine = (t.app.get(RealtimeGateway) as unknown as { server: { engine: NodeJS.EventEmitter } }).server.engine;
    const requests: Array<WeakRef<IncomingMessage>> = [];
    const seen = (_headers: unknown, req: IncomingMessage) => requests.push(new WeakRef(req));
    engine.on('initial_headers', seen);
    try {
      const sockets = [await t.socket(admin), await t.socket(admin), await t.socket()];
      expect(requests).toHaveLength(3);
      for (const s of sockets) expect((await t.join(s, 'users')).ok).toBe(s !== sockets[2]);
      await collect(requests);
      expect(requests.filter((r) => r.deref() !== undefined)).toHaveLength(0);
      expect(sockets.every((s) => s.connected)).toBe(true);
    } finally {
      engine.off('initial_headers', seen);
    }
  });

  it("the upgrade's stand-in response is collected too, and the TCP socket keeps no listener of it", async () => {
    const responses: Array<WeakRef<object>> = [];
    // Runs after the adapter's own middleware, on the same stand-in (a websocket upgrade's response).
    server().engine.use((_req: unknown, res: object, next: () => void) => {
      responses.push(new WeakRef(res));
      next();
    });
    const sockets = [await t.socket(admin), await t.socket()];
    expect((await t.join(sockets[0], 'users')).ok).toBe(true);
    expect(responses).toHaveLength(2);
    await collect(responses);
    expect(responses.filter((r) => r.deref() !== undefined)).toHaveLength(0);
    expect(sockets.every((s) => s.connected)).toBe(true);
  });

  it('a socket keeps no handshake, no per-socket listener closures, no compression context', async () => {
    const clients = [await t.socket(admin), await t.socket(admin)];
    for (const c of clients) expect((await t.join(c, 'users')).ok).toBe(true);
    const ids = new Set(clients.map((c) => c.id));
    const sockets = [...server().of('/').sockets.values()].filter((s) => ids.has(s.id));
    expect(sockets).toHaveLength(2);
    const [a, b] = sockets;
    // The handshake's token, time, headers and query: one frozen object shared by every socket instead.
    expect(a.handshake).toBe(BARE_HANDSHAKE);
    expect(b.handshake).toBe(BARE_HANDSHAKE);
    expect(a.handshake.auth).toEqual({});
    // The room messages and the disconnect bookkeeping: one listener for every socket, not a closure each.
    for (const event of ['room:join', 'room:leave', 'disconnecting']) {
      expect(a.listeners(event)).toHaveLength(1);
      expect(a.listeners(event)[0]).toBe(b.listeners(event)[0]);
    }
    // engine.io's listeners of the handshake only: `headers` (polling requests only) and the ws socket's upgrade no-op.
    for (const s of sockets) {
      const transport = transportOf(s);
      expect(transport.name).toBe('websocket');
      expect(transport.listenerCount('headers')).toBe(0);
      expect(transport.socket.listeners('error').map((l) => l.name)).not.toContain('onUpgradeError');
      // The client offered permessage-deflate; the server declined it: no zlib context per socket.
      expect(transport.socket.extensions).toBe('');
    }
    // The messages still answer on every socket, each with its own session.
    expect(await t.join(clients[1], 'nope')).toEqual({ ok: false, message: 'No tienes acceso a esta sala.' });
  });
});
