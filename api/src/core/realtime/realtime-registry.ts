import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DOMAIN_EVENT_TYPES, type DomainEventType, type StoredDomainEvent } from '@shared/events/domain-events';
import { addCounts, type PushMerges, type PushRoute, type PushRoutes, type RoutedEvent } from './push-routes';
import type { AforoServer, RoomSink } from './aforo-server';
import { RoomPolicy, type RoomCheck } from './room-policy';

/**
 * Pushes the current counts of some records (e.g. places left) to their rooms, once per relay batch; the sink
 * gathers them for the publisher's coalescer (a room's counts within one window go as its latest).
 */
export interface CountsSource {
  push(sink: RoomSink, ids: number[]): Promise<void>;
}

/** Told when someone enters or leaves a room of its kind (after the change; across API processes it reads the room itself). */
export type OccupancyListener = (server: AforoServer, room: string, match: RegExpMatchArray) => Promise<void>;

/**
 * A failed occupancy read is tried again this many times, this far apart: about 20 s, the time a realtime process
 * killed on a busy machine can take to start again and answer the cluster's reads (5 tries were not always enough).
 */
const OCCUPANCY_RETRIES = 20;
const OCCUPANCY_RETRY_MS = 1000;

/**
 * What the realtime core knows of the areas: each module registers, when it starts, the rooms it
 * owns (with their join rule), the push routes of its domain events, pushes that combine, and the
 * sources of its live counts, and who wants to hear when a room of its kind gains or loses someone
 * (presence). Core itself names no area; at boot every domain event must be routed.
 */
@Injectable()
export class RealtimeRegistry implements OnApplicationBootstrap {
  private readonly logger = new Logger(RealtimeRegistry.name);
  private readonly routes = new Map<DomainEventType, PushRoute<DomainEventType>>();
  /** Pushes other areas add to an event they do not own, about their own records (see `alsoOn`). */
  private readonly followers = new Map<DomainEventType, Array<PushRoute<DomainEventType>>>();
  private readonly countSources = new Map<string, CountsSource>();
  private readonly occupancyListeners: Array<{ pattern: RegExp; listener: OccupancyListener }> = [];
  /** Rooms whose listener is running, and whether another change came meanwhile (run once more after). */
  private readonly occupancyRuns = new Map<string, { again: boolean }>();
  readonly pushMerges: PushMerges = {};

  constructor(private readonly policy: RoomPolicy) {}

  /** A room kind and who may join it (rooms starting with "public:" carry counts only). */
  rooms(pattern: RegExp, check: RoomCheck): void {
    this.policy.register(pattern, check);
  }

  pushRoutes<K extends DomainEventType>(routes: PushRoutes<K>): void {
    for (const [type, route] of Object.entries(routes) as Array<[K, PushRoute<K>]>) {
      if (this.routes.has(type)) throw new Error(`Push route for ${type} registered twice`);
      this.routes.set(type, route as unknown as PushRoute<DomainEventType>);
    }
  }

  /**
   * An area's pushes on another area's domain event, about the area's OWN records that the event names (e.g. a
   * merge of people reports, per area, what it changed there: each area tells its own rooms). Several areas may
   * follow one event; the owner's route (`pushRoutes`) still routes it first.
   */
  alsoOn<K extends DomainEventType>(routes: Partial<PushRoutes<K>>): void {
    for (const [type, route] of Object.entries(routes) as Array<[K, PushRoute<K>]>)
      this.followers.set(type, [...(this.followers.get(type) ?? []), route as unknown as PushRoute<DomainEventType>]);
  }

  merges(merges: PushMerges): void {
    for (const [event, merge] of Object.entries(merges)) {
      if (event in this.pushMerges) throw new Error(`Push merge for ${event} registered twice`);
      (this.pushMerges as Record<string, unknown>)[event] = merge;
    }
  }

  counts(kind: string, source: CountsSource): void {
    if (this.countSources.has(kind)) throw new Error(`Counts kind ${kind} registered twice`);
    this.countSources.set(kind, source);
  }

  occupancy(pattern: RegExp, listener: OccupancyListener): void {
    this.occupancyListeners.push({ pattern, listener });
  }

  /**
   * The gateway's call after a join, a leave or a disconnect. Per room, one listener run at a time in this
   * process; changes during a run cause one more run after it, so the last word reflects the last change.
   */
  occupancyChanged(server: AforoServer, rooms: Iterable<string>): void {
    for (const room of rooms) {
      for (const { pattern, listener } of this.occupancyListeners) {
        const match = room.match(pattern);
        if (match) this.runOccupancy(server, room, match, listener);
      }
    }
  }

  /**
   * Every room of this process with an occupancy listener, read again: a realtime process died without its
   * sockets leaving the rooms (RealtimeLiveness), so what was pushed last may name its users.
   */
  recheckOccupancy(server: AforoServer): void {
    this.occupancyChanged(server, [...server.of('/').adapter.rooms.keys()]);
  }

  private runOccupancy(server: AforoServer, room: string, match: RegExpMatchArray, listener: OccupancyListener): void {
    const running = this.occupancyRuns.get(room);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.occupancyRuns.set(room, state);
    void (async () => {
      let failures = 0;
      do {
        state.again = false;
        const failed = await listener(server, room, match).then(
          () => false,
          (err: Error) => {
            this.logger.warn(`Occupancy of ${room}: ${err.message}`);
            return true;
          },
        );
        // A read across the cluster can fail for a moment (a process starting again after a crash has not
        // answered yet): the room's last word must not be a failed read, so it is read again a moment later.
        failures = failed ? failures + 1 : 0;
        if (failed && failures <= OCCUPANCY_RETRIES) {
          await new Promise((resolve) => setTimeout(resolve, OCCUPANCY_RETRY_MS));
          state.again = true;
        }
      } while (state.again);
      this.occupancyRuns.delete(room);
    })();
  }

  route(event: StoredDomainEvent): RoutedEvent {
    const route = this.routes.get(event.type);
    if (!route) throw new Error(`No push route for domain event ${event.type}`);
    const routed = route(event);
    for (const follower of this.followers.get(event.type) ?? []) {
      const more = follower(event);
      routed.pushes = [...routed.pushes, ...more.pushes];
      if (more.effects?.counts) addCounts(((routed.effects ??= {}).counts ??= {}), more.effects.counts);
    }
    return routed;
  }

  countsSource(kind: string): CountsSource | undefined {
    return this.countSources.get(kind);
  }

  /** Every module has registered by now (onModuleInit runs first): a domain event without a route stops the boot. */
  onApplicationBootstrap(): void {
    const missing = DOMAIN_EVENT_TYPES.filter((t) => !this.routes.has(t));
    if (missing.length) throw new Error(`Domain events without push routes: ${missing.join(', ')}`);
  }
}
