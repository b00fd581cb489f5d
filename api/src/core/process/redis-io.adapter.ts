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

/**
 * Where the origin check leaves a websocket upgrade's stand-in response and the `close` listeners it put on the TCP
 * socket, for the connection to release both.
 */
const UPGRADE_RESPONSE = Symbol('aforo.upgradeResponse');
const UPGRADE_CLOSE = Symbol('aforo.upgradeClose');

interface UpgradeResponse {
  req: unknown;
  socket: NodeJS.EventEmitter;
  [UPGRADE_CLOSE]?: Array<(...args: unknown[]) => void>;
}
type MessageHandler = (...args: unknown[]) => unknown;
/** Where a socket keeps its message handlers (Nest's, bound to it), by message name. */
const SOCKET_HANDLERS = Symbol('aforo.socketHandlers');
type SocketWithHandlers = Socket & { [SOCKET_HANDLERS]?: Record<string, MessageHandler> };
type EngineRequest = IncomingMessage & { [UPGRADE_RESPONSE]?: UpgradeResponse };
/** An engine.io transport: for `websocket`, `socket` is the ws socket. */
type EngineTransport = NodeJS.EventEmitter & { name: string; socket?: NodeJS.EventEmitter };

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
    server.engine.use((req: EngineRequest, res: ServerResponse, next: () => void) => {
      if (socketOriginAllowed(req, this.config)) {
        // A websocket upgrade's stand-in response (engine.io's WebSocketResponse, not a ServerResponse). Its constructor
        // has just put a `close` listener on the TCP socket (the HTTP server took its own off for the upgrade; ws puts
        // its own on after the middlewares): the ones there now are the stand-in's.
        if (!(res instanceof ServerResponse)) {
          const upgrade = res as unknown as UpgradeResponse;
          upgrade[UPGRADE_CLOSE] = upgrade.socket.rawListeners('close') as UpgradeResponse[typeof UPGRADE_CLOSE];
          req[UPGRADE_RESPONSE] = upgrade;
        }
        return next();
      }
      res.writeHead(403, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 4, message: 'Forbidden' }));
    });
    // socket.io's memory guide: engine.io keeps each session's first HTTP request (headers, socket, buffers)
    // unless told not to; nothing reads it after the origin check (the token travels in the CONNECT packet).
    // A websocket's upgrade kept it a second way: engine.io's stand-in response holds the request, and a `close`
    // listener on the TCP socket holds the stand-in for the connection's life — about 1 KB per staff screen (more
    // with a browser's headers and cookies) measured in a heap snapshot, and the stand-in itself with its listener
    // another ~0.4 KB (an emitter that re-emits the TCP socket's `close` for HTTP middlewares; none here listens).
    // The upgrade is over: both go.
    // Two more listeners outlive a websocket's handshake (the browser's screens open one directly): the transport's
    // `headers` listener, which only a polling transport's requests ever fire, and the ws socket's `onUpgradeError`,
    // a no-op engine.io removes on the polling → websocket upgrade but not on a direct websocket (the transport's
    // own error listener stays) — ~0.2 KB per screen.
    server.engine.on('connection', (raw: { request: EngineRequest | null; transport: EngineTransport }) => {
      const upgrade = raw.request?.[UPGRADE_RESPONSE];
      if (upgrade) {
        upgrade.req = null;
        for (const listener of upgrade[UPGRADE_CLOSE] ?? []) upgrade.socket.removeListener('close', listener);
        upgrade[UPGRADE_CLOSE] = undefined;
      }
      raw.request = null;
      const { transport } = raw;
      if (transport.name === 'websocket') {
        transport.removeAllListeners('headers');
        for (const listener of transport.socket?.listeners('error') ?? [])
          if (listener.name === 'onUpgradeError') transport.socket?.removeListener('error', listener as (...args: unknown[]) => void);
      }
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

  /** One listener per message name, shared by every socket (`this` is the socket): see bindMessageHandlers. */
  private readonly sharedListeners = new Map<string, (this: Socket, ...payload: unknown[]) => void>();
  private transform: ((data: unknown) => Observable<unknown>) | null = null;

  /**
   * Nest's IoAdapter builds, for every socket, an RxJS pipeline per message handler (fromEvent, mergeMap,
   * takeUntil a shared disconnect observable): several KB per connected staff screen that only ever hold
   * the two room messages. Here a socket keeps only its handlers (Nest binds one per socket), under a symbol; the
   * listener of each message is one function for every socket, and so is `transform` (Nest's, the same function of
   * a handler's answer for every socket: a value, a promise or an observable made one); the answer goes to the ack,
   * as before. After a disconnect socket.io emits nothing more, which is what `takeUntil(disconnect$)` ensured.
   */
  override bindMessageHandlers(
    socket: Socket,
    handlers: Array<{ message: unknown; callback: MessageHandler; isAckHandledManually?: boolean }>,
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    this.transform ??= transform;
    const own: Record<string, MessageHandler> = {};
    for (const { message, callback, isAckHandledManually } of handlers) {
      const name = String(message);
      own[name] = callback;
      const key = `${isAckHandledManually ? 'manual' : 'auto'}:${name}`;
      let listener = this.sharedListeners.get(key);
      if (!listener) {
        const answer = (to: Socket, handler: MessageHandler, payload: unknown[]) =>
          this.answer(to, handler, payload, isAckHandledManually === true);
        listener = function (this: Socket, ...payload: unknown[]) {
          const handler = (this as SocketWithHandlers)[SOCKET_HANDLERS]?.[name];
          if (handler) answer(this, handler, payload);
        };
        this.sharedListeners.set(key, listener);
      }
      socket.on(name, listener);
    }
    (socket as SocketWithHandlers)[SOCKET_HANDLERS] = own;
  }

  private answer(socket: Socket, handler: MessageHandler, payload: unknown[], ackHandledManually: boolean): void {
    const { data, ack } = this.mapPayload(payload);
    this.transform!(handler(data, ack)).subscribe({
      next: (response: unknown) => {
        if (response === undefined || response === null) return;
        const r = response as { event?: string; data?: unknown };
        if (r.event) return void socket.emit(r.event, r.data);
        if (!ackHandledManually && typeof ack === 'function') (ack as (r: unknown) => void)(response);
      },
      error: () => undefined, // Nest's exception filter has already answered (WsException) or logged it
    });
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    // quit() lets the adapter's pending unsubscribes finish before the connection ends.
    await Promise.all(this.clients.splice(0).map((c) => (c.status === 'ready' ? c.quit().catch(() => c.disconnect()) : c.disconnect())));
  }
}
