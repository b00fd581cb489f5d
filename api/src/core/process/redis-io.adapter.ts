import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import type { AppConfig } from '../config/app-config';
import { redisOptionsFromUrl, withSafePublish } from '../redis/redis-options';
import { socketOriginAllowed } from '../http/socket-origin';

/** Where the origin check leaves a websocket upgrade's stand-in response, for the connection to release it. */
const UPGRADE_RESPONSE = Symbol('aforo.upgradeResponse');

export const socketAdapterKey = (config: AppConfig) => `${config.redisPrefix}:socket.io`;

/** socket.io over the Redis adapter, so several API processes and the workers reach the same rooms. */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      serveClient: false,
      cors: undefined,
      // socket.io's memory guide: no per-message compression (a zlib context per socket once used; the
      // pushes are small JSON), and nothing kept for connection state recovery (clients resync instead).
      perMessageDeflate: false,
      httpCompression: false,
      maxHttpBufferSize: 64 * 1024,
    }) as Server;
    // Every engine.io request passes the origin check: the handshake, each polling request and the websocket
    // upgrade (`allowRequest` would see the handshake only).
    server.engine.use((req: IncomingMessage & { [UPGRADE_RESPONSE]?: object }, res: ServerResponse, next: () => void) => {
      if (socketOriginAllowed(req, this.config)) {
        // A websocket upgrade's stand-in response (engine.io's WebSocketResponse, not a ServerResponse).
        if (!(res instanceof ServerResponse)) req[UPGRADE_RESPONSE] = res;
        return next();
      }
      res.writeHead(403, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 4, message: 'Forbidden' }));
    });
    // socket.io's memory guide: engine.io keeps each session's first HTTP request (headers, socket, buffers)
    // unless told not to; nothing reads it after the origin check (the token travels in the CONNECT packet).
    // A websocket's upgrade kept it a second way: engine.io's stand-in response holds the request, and a `close`
    // listener on the TCP socket holds the stand-in for the connection's life — about 1 KB per staff screen (more
    // with a browser's headers and cookies) measured in a heap snapshot; the upgrade is over, so it lets go too.
    server.engine.on('connection', (raw: { request: (IncomingMessage & { [UPGRADE_RESPONSE]?: { req: unknown } }) | null }) => {
      const upgrade = raw.request?.[UPGRADE_RESPONSE];
      if (upgrade) upgrade.req = null;
      raw.request = null;
    });
    const pub = withSafePublish(new Redis(redisOptionsFromUrl(this.config.redisUrl)));
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', () => undefined);
    // Redis pub/sub keeps nothing for a subscriber that is away: what other processes published while this
    // one's subscription was down is gone. When it is back, this process's screens resync (as after a
    // reconnect); the outbox already holds every change, so the refetch sees it.
    let lost = false;
    sub.on('close', () => (lost = true));
    sub.on('ready', () => {
      if (!lost) return;
      lost = false;
      server.local.emit('live.resync' as never, { event_id: '', occurred_at: new Date().toISOString(), data: {} } as never);
    });
    this.clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: socketAdapterKey(this.config), requestsTimeout: 3000 }));
    return server;
  }

  /**
   * Nest's IoAdapter builds, for every socket, an RxJS pipeline per message handler (fromEvent, mergeMap,
   * takeUntil a shared disconnect observable): several KB per connected staff screen that only ever hold
   * the two room messages. Here each handler is a plain listener; the handler's answer (a value, a promise or
   * an observable: Nest's `transform` makes it one) goes to the ack, as before. After a disconnect socket.io
   * emits nothing more, which is what `takeUntil(disconnect$)` ensured.
   */
  override bindMessageHandlers(
    socket: Socket,
    handlers: Array<{ message: unknown; callback: (...args: unknown[]) => unknown; isAckHandledManually?: boolean }>,
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(String(message), (...payload: unknown[]) => {
        const { data, ack } = this.mapPayload(payload);
        transform(callback(data, ack)).subscribe({
          next: (response: unknown) => {
            if (response === undefined || response === null) return;
            const r = response as { event?: string; data?: unknown };
            if (r.event) return void socket.emit(r.event, r.data);
            if (!isAckHandledManually && typeof ack === 'function') (ack as (r: unknown) => void)(response);
          },
          error: () => undefined, // Nest's exception filter has already answered (WsException) or logged it
        });
      });
    }
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    // quit() lets the adapter's pending unsubscribes finish before the connection ends.
    await Promise.all(this.clients.splice(0).map((c) => (c.status === 'ready' ? c.quit().catch(() => c.disconnect()) : c.disconnect())));
  }
}
