import { Injectable, Logger } from '@nestjs/common';
import type { StoredDomainEvent } from '../events/domain-events';
import { ROOMS } from '../events/socket-events';
import { mergePushes, routeEvent, type RoutedPush, type SocketEffects } from './push-routes';
import { EventCountsReader } from './event-counts.reader';
import { RealtimeGateway } from './realtime.gateway';
import { RoomPolicy, sessionRoom } from './room-policy';
import { SessionResolver } from './session-resolver';

/** Pushes domain events to their rooms through the gateway's server (and the Redis adapter). */
@Injectable()
export class RealtimePublisher {
  private readonly logger = new Logger(RealtimePublisher.name);

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly policy: RoomPolicy,
    private readonly sessions: SessionResolver,
    private readonly counts: EventCountsReader,
  ) {}

  /**
   * Pushes a batch of committed domain events to their rooms, in order; pushes that combine (new
   * registrations of one event) go as one per room. A combined push's `event_id` names its first and
   * last domain events, so a different combination after a retry is never taken for a duplicate.
   */
  publishBatch(events: StoredDomainEvent[]): SocketEffects[] {
    const server = this.gateway.server;
    if (!server) return [];
    const routed: RoutedPush[] = [];
    const effects: SocketEffects[] = [];
    for (const event of events) {
      const { pushes, effects: e } = routeEvent(event);
      for (const spec of pushes) routed.push({ spec, eventIds: [event.id], occurredAt: new Date(event.occurredAt) });
      if (e) effects.push(e);
    }
    for (const { spec, eventIds, occurredAt } of mergePushes(routed)) {
      if (!spec.rooms.length) continue;
      const eventId = eventIds.length === 1 ? eventIds[0] : `${eventIds[0]}..${eventIds[eventIds.length - 1]}`;
      server.to(spec.rooms).emit(spec.event, { event_id: eventId, occurred_at: occurredAt.toISOString(), data: spec.data } as never);
    }
    return effects;
  }

  /** Applies access changes to live sockets, on every API process (through the adapter). */
  async applyEffects(effects: SocketEffects): Promise<void> {
    const server = this.gateway.server;
    if (!server) return;
    try {
      for (const id of effects.endSessions ?? []) server.in(sessionRoom(id)).disconnectSockets(true);
      if (effects.endUser !== undefined) server.in(ROOMS.user(effects.endUser)).disconnectSockets(true);
      if (effects.revalidateUser !== undefined) await this.revalidate(effects.revalidateUser);
    } catch (err) {
      this.logger.warn(`Socket effects failed: ${(err as Error).message}`);
    }
  }

  /**
   * Pushes the current counts of the given events, once per batch however many registrations it held:
   * to the staff rooms, and — for events the public may see — to the public rooms (counts only).
   */
  async pushCounts(eventIds: number[]): Promise<void> {
    const server = this.gateway.server;
    if (!server || eventIds.length === 0) return;
    const counts = await this.counts.read([...new Set(eventIds)]);
    if (counts.length === 0) return;
    const envelope = { event_id: `counts:${counts.map((c) => `${c.id}v${c.version}`).join(',')}`, occurred_at: new Date().toISOString() };
    const visible = counts.filter((c) => c.status !== 'draft');
    server.to(ROOMS.externalEvents).emit('event.counts', { ...envelope, data: { counts } });
    if (visible.length) server.to(ROOMS.publicEvents).emit('event.counts', { ...envelope, data: { counts: visible } });
    for (const c of counts) {
      const rooms = c.status === 'draft' ? [ROOMS.externalEvent(c.id)] : [ROOMS.externalEvent(c.id), ROOMS.publicEvent(c.id)];
      server
        .to(rooms)
        .emit('event.counts', { event_id: `counts:${c.id}v${c.version}`, occurred_at: envelope.occurred_at, data: { counts: [c] } });
    }
  }

  /** Makes the user's sockets leave every room their current access no longer allows. */
  private async revalidate(userId: number): Promise<void> {
    const sockets = await this.gateway.server.in(ROOMS.user(userId)).fetchSockets();
    for (const socket of sockets) {
      const user = socket.data.sessionId ? await this.sessions.resolveSession(socket.data.sessionId) : null;
      for (const room of socket.rooms) {
        if (room === socket.id || room === ROOMS.user(userId) || room.startsWith('session:')) continue;
        if (!(await this.policy.canJoin(user, room))) socket.leave(room);
      }
    }
  }
}
