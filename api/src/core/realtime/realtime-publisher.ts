import { type BeforeApplicationShutdown, Injectable, Logger, Optional } from '@nestjs/common';
import type { StoredDomainEvent } from '@shared/events/domain-events';
import { ROOMS, type PushPayload, type ServerEventName } from '@shared/events/socket-events';
import type { Histogram } from 'prom-client';
import { PUSH_BATCH_WINDOW_MS, PUSH_DELAY_BUCKETS } from '../constants';
import { MetricsRegistry } from '../metrics/metrics-registry';
import type { RoomSink } from './aforo-server';
import { writeTogether } from './batch-writes';
import { PushCoalescer } from './push-coalescer';
import type { RoutedPush, SocketEffects } from './push-routes';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeRegistry } from './realtime-registry';
import { RoomPolicy, sessionRoom } from './room-policy';
import { SessionResolver } from './session-resolver';

/** Pushes domain events to their rooms through the gateway's server (and the Redis adapter). */
@Injectable()
export class RealtimePublisher implements BeforeApplicationShutdown {
  private readonly logger = new Logger(RealtimePublisher.name);
  /** Per room: at once when idle, one batch per window when busy (push-coalescer.ts). */
  private readonly coalescer: PushCoalescer;
  private readonly delay: Histogram<'event'>;

  constructor(
    private readonly policy: RoomPolicy,
    private readonly sessions: SessionResolver,
    private readonly registry: RealtimeRegistry,
    metrics: MetricsRegistry,
    // Absent in an api-only process (ROLES=api): it publishes nothing, the realtime processes do.
    @Optional() private readonly gateway?: RealtimeGateway,
  ) {
    this.coalescer = new PushCoalescer(PUSH_BATCH_WINDOW_MS, registry.pushMerges, (batch) => this.send(batch));
    this.delay = metrics.histogram({
      name: 'aforo_push_delay_seconds',
      help:
        'Desde que ocurrió el cambio más antiguo que lleva un push (la hora de su transacción en PostgreSQL) hasta que ' +
        'sale hacia los sockets, por nombre del push.',
      labelNames: ['event'],
      buckets: PUSH_DELAY_BUCKETS,
    });
  }

  /**
   * Pushes a batch of committed domain events to their rooms, in order; pushes that combine (e.g. new
   * registrations of one event) go as one per room, also with those of earlier batches still waiting for
   * their room's window (push-coalescer.ts). Returns every event's socket effects, to apply once the batch is
   * committed; `pushed` names events already pushed by an earlier, rolled-back attempt: their effects, not their pushes.
   */
  publishBatch(events: StoredDomainEvent[], pushed?: ReadonlySet<string>): SocketEffects[] {
    if (!this.gateway?.server) return [];
    const routed: RoutedPush[] = [];
    const effects: SocketEffects[] = [];
    for (const event of events) {
      const { pushes, effects: e } = this.registry.route(event);
      if (!pushed?.has(event.id))
        for (const spec of pushes) routed.push({ spec, eventIds: [event.id], occurredAt: new Date(event.occurredAt) });
      if (e) effects.push(e);
    }
    this.coalescer.push(routed);
    return effects;
  }

  /** What waits for its room's window goes now (a test that must know every push so far is out). */
  flushWaiting(): void {
    this.coalescer.flush();
  }

  /** What waits for its window goes now: the server is closing. */
  beforeApplicationShutdown(): void {
    this.flushWaiting();
  }

  /**
   * Sends a batch, in order, each socket of this process getting it in one write. A combined push's `event_id`
   * names its first and last domain events, so a different combination after a retry is never taken for a
   * duplicate.
   */
  private send(batch: RoutedPush[]): void {
    const server = this.gateway?.server;
    if (!server) return;
    const now = Date.now();
    for (const { spec, occurredAt } of batch) this.delay.observe({ event: spec.event }, Math.max(0, now - occurredAt.getTime()) / 1000);
    const emitAll = () => {
      for (const { spec, eventIds, occurredAt } of batch) {
        const eventId = eventIds.length === 1 ? eventIds[0] : `${eventIds[0]}..${eventIds[eventIds.length - 1]}`;
        server.to(spec.rooms).emit(spec.event, { event_id: eventId, occurred_at: occurredAt.toISOString(), data: spec.data } as never);
      }
    };
    if (batch.length === 1) emitAll();
    else writeTogether(server, new Set(batch.flatMap((p) => p.spec.rooms)), emitAll);
  }

  /** Applies access changes to live sockets, on every API process (through the adapter). */
  async applyEffects(effects: SocketEffects): Promise<void> {
    const server = this.gateway?.server;
    if (!server) return;
    // Pushes still waiting for their window go first: a logout's `session.revoked` before its disconnect.
    if (effects.endSessions?.length || effects.endUser !== undefined || effects.revalidateUser !== undefined) this.coalescer.flush();
    try {
      for (const id of effects.endSessions ?? []) server.in(sessionRoom(id)).disconnectSockets(true);
      if (effects.endUser !== undefined) server.in(ROOMS.user(effects.endUser)).disconnectSockets(true);
      if (effects.revalidateUser !== undefined) await this.revalidate(effects.revalidateUser);
    } catch (err) {
      this.logger.warn(`Socket effects failed: ${(err as Error).message}`);
    }
  }

  /**
   * Pushes the current counts of the records a batch touched, once per record however many changes it held; they
   * ride with the next batch to their rooms, or go alone a window later (push-coalescer.ts `pushWithNext`).
   */
  async pushCounts(counts: { [kind: string]: number[] }): Promise<void> {
    const server = this.gateway?.server;
    if (!server) return;
    for (const [kind, ids] of Object.entries(counts)) {
      if (ids.length === 0) continue;
      const source = this.registry.countsSource(kind);
      if (!source) throw new Error(`No counts source ${kind}`);
      const sink = new CountsSink();
      await source.push(sink, [...new Set(ids)]);
      this.coalescer.pushWithNext(sink.pushes);
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

/** What a counts source emits, gathered: its pushes go to their rooms together, through the coalescer. */
class CountsSink implements RoomSink {
  readonly pushes: RoutedPush[] = [];

  to(rooms: string | string[]) {
    return {
      emit: <E extends ServerEventName>(event: E, payload: PushPayload<E>) => {
        this.pushes.push({
          spec: { event, rooms: typeof rooms === 'string' ? [rooms] : [...rooms], data: payload.data as never },
          eventIds: [payload.event_id],
          occurredAt: new Date(payload.occurred_at),
        });
      },
    };
  }
}
