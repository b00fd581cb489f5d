import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ConnectedSocket, MessageBody, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { AuthUser } from '../access/current-user';
import type { JoinAck } from '@shared/events/socket-events';
import { ROOMS } from '@shared/events/socket-events';
import { RedisService } from '../redis/redis.service';
import { MetricsRegistry } from '../metrics/metrics-registry';
import { watchSockets } from '../metrics/socket-metrics';
import type { AforoServer, AforoSocket } from './aforo-server';
import { RealtimeLiveness } from '../process/realtime-liveness';
import { RealtimeRegistry } from './realtime-registry';
import { SessionResolver } from './session-resolver';
import { RoomPolicy, sessionRoom } from './room-policy';

/** What every socket's `handshake` is once its token was read: one frozen object for all, nothing of the request. */
export const BARE_HANDSHAKE: AforoSocket['handshake'] = Object.freeze({
  headers: Object.freeze({}),
  time: '',
  address: '',
  xdomain: false,
  secure: false,
  issued: 0,
  url: '',
  query: Object.freeze({}),
  auth: Object.freeze({}),
});

/**
 * The only way pushes leave the API. Staff sockets authenticate in the handshake with the JWT;
 * anonymous sockets are accepted but may only join public rooms.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeGateway.name);
  private liveness: RealtimeLiveness | null = null;

  @WebSocketServer()
  server: AforoServer;

  constructor(
    private readonly sessions: SessionResolver,
    private readonly policy: RoomPolicy,
    private readonly registry: RealtimeRegistry,
    private readonly redis: RedisService,
    private readonly metrics: MetricsRegistry,
  ) {}

  afterInit(server: AforoServer): void {
    // Sockets and rooms of this process, per room kind, read when scraped (GET /metrics).
    watchSockets(this.metrics, server);
    // A realtime process killed outright never tells the rooms its sockets left: when one vanishes from the
    // shared liveness set, this process reads its rooms' occupancy again (seating presence).
    this.liveness = new RealtimeLiveness(this.redis.client, this.redis.key('realtime', 'alive'), (gone) => {
      this.logger.warn(`Realtime process gone without a goodbye (${gone.join(', ')}); occupancy read again.`);
      this.registry.recheckOccupancy(server);
    });
    this.liveness.start();
    // The rooms a socket was in lose someone once it is gone (presence is read from the rooms themselves). One
    // listener for every socket (`this` is the socket), not a closure per socket.
    const registry = this.registry;
    function onDisconnecting(this: AforoSocket): void {
      const rooms = [...this.rooms];
      this.once('disconnect', () => registry.occupancyChanged(server, rooms));
    }
    server.use((socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      // Each socket kept its handshake for its whole life: the token (a JWT, ~300 bytes), the connect time as a
      // string, and empty headers and query objects (the request is gone by then, redis-io.adapter.ts) — ~0.6 KB
      // per staff screen. Nothing reads it after this check; the session id in socket.data is all a socket needs.
      (socket as { handshake: AforoSocket['handshake'] }).handshake = BARE_HANDSHAKE;
      socket.data = { userId: null, sessionId: null };
      socket.on('disconnecting', onDisconnecting);
      if (token === undefined || token === null || token === '') return next();
      if (typeof token !== 'string') return next(new Error('unauthorized'));
      this.sessions
        .resolveToken(token)
        .then((user) => {
          if (!user) return next(new Error('unauthorized'));
          socket.data = { userId: user.id, sessionId: user.sessionId };
          // Own channel (dashboard, account) and session channel (logout) are joined at once.
          void socket.join([ROOMS.user(user.id), sessionRoom(user.sessionId)]);
          next();
        })
        .catch((err: Error) => {
          this.logger.warn(`Socket handshake failed: ${err.message}`);
          next(new Error('unavailable'));
        });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.liveness?.stop();
  }

  private async currentUser(socket: AforoSocket): Promise<AuthUser | null> {
    return socket.data.sessionId ? this.sessions.resolveSession(socket.data.sessionId) : null;
  }

  @SubscribeMessage('room:join')
  async onJoin(@ConnectedSocket() socket: AforoSocket, @MessageBody() room: unknown): Promise<JoinAck> {
    if (typeof room !== 'string') return { ok: false, message: 'Sala inválida.' };
    const user = await this.currentUser(socket);
    if (socket.data.sessionId && !user) {
      socket.emit('session.revoked', { event_id: '', occurred_at: new Date().toISOString(), data: {} });
      socket.disconnect(true);
      return { ok: false, message: 'La sesión terminó.' };
    }
    if (!(await this.policy.canJoin(user, room))) return { ok: false, message: 'No tienes acceso a esta sala.' };
    await socket.join(room);
    this.registry.occupancyChanged(this.server, [room]);
    return { ok: true };
  }

  @SubscribeMessage('room:leave')
  async onLeave(@ConnectedSocket() socket: AforoSocket, @MessageBody() room: unknown): Promise<JoinAck> {
    if (typeof room !== 'string') return { ok: false, message: 'Sala inválida.' };
    if (room === ROOMS.user(socket.data.userId ?? -1) || room.startsWith('session:')) return { ok: true };
    await socket.leave(room);
    this.registry.occupancyChanged(this.server, [room]);
    return { ok: true };
  }
}
