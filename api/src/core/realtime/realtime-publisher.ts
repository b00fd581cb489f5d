import { Injectable, Logger, Optional } from '@nestjs/common';
import type { StoredDomainEvent } from '@shared/events/domain-events';
import { ROOMS } from '@shared/events/socket-events';
import { mergePushes, type RoutedPush, type SocketEffects } from './push-routes';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeRegistry } from './realtime-registry';
import { RoomPolicy, sessionRoom } from './room-policy';
import { SessionResolver } from './session-resolver';

/** Pushes domain events to their rooms through the gateway's server (and the Redis adapter). */
@Injectable()
export class RealtimePublisher {
  private readonly logger = new Logger(RealtimePublisher.name);

  constructor(
    private readonly policy: RoomPolicy,
    private readonly sessions: SessionResolver,
    private readonly registry: RealtimeRegistry,
    // Absent in an api-only process (ROLES=api): it publishes nothing, the realtime processes do.
    @Optional() private readonly gateway?: RealtimeGateway,
  ) {}

  /**
   * Pushes a batch of committed domain events to their rooms, in order; pushes that combine (e.g. new
   * registrations of one event) go as one per room. A combined push's `event_id` names its first and
   * last domain events, so a different combination after a retry is never taken for a duplicate.
   */
  publishBatch(events: StoredDomainEvent[]): SocketEffects[] {
    const server = this.gateway?.server;
    if (!server) return [];
    const routed: RoutedPush[] = [];
    const effects: SocketEffects[] = [];
    for (const event of events) {
      const { pushes, effects: e } = this.registry.route(event);
      for (const spec of pushes) routed.push({ spec, eventIds: [event.id], occurredAt: new Date(event.occurredAt) });
      if (e) effects.push(e);
    }
    for (const { spec, eventIds, occurredAt } of mergePushes(routed, this.registry.pushMerges)) {
      if (!spec.rooms.length) continue;
      const eventId = eventIds.length === 1 ? eventIds[0] : `${eventIds[0]}..${eventIds[eventIds.length - 1]}`;
      server.to(spec.rooms).emit(spec.event, { event_id: eventId, occurred_at: occurredAt.toISOString(), data: spec.data } as never);
    }
    return effects;
  }

  /** Applies access changes to live sockets, on every API process (through the adapter). */
  async applyEffects(effects: SocketEffects): Promise<void> {
    const server = this.gateway?.server;
    if (!server) return;
    try {
      for (const id of effects.endSessions ?? []) server.in(sessionRoom(id)).disconnectSockets(true);
      if (effects.endUser !== undefined) server.in(ROOMS.user(effects.endUser)).disconnectSockets(true);
      if (effects.revalidateUser !== undefined) await this.revalidate(effects.revalidateUser);
    } catch (err) {
      this.logger.warn(`Socket effects failed: ${(err as Error).message}`);
    }
  }

  /** Pushes the current counts of the records a batch touched, once per record however many changes it held. */
  async pushCounts(counts: { [kind: string]: number[] }): Promise<void> {
    const server = this.gateway?.server;
    if (!server) return;
    for (const [kind, ids] of Object.entries(counts)) {
      if (ids.length === 0) continue;
      const source = this.registry.countsSource(kind);
      if (!source) throw new Error(`No counts source ${kind}`);
      await source.push(server, [...new Set(ids)]);
    }
  }

  /** Makes the user's sockets leave every room their current access no longer allows. */
  private async revalidate(userId: number): Promise<void> {
    if (!this.gateway?.server) return;
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
