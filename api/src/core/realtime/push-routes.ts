import type { DomainEventType, StoredDomainEvent } from '@shared/events/domain-events';
import type { PushPayload, ServerEventName } from '@shared/events/socket-events';

/** One push: an event name, the rooms it goes to, and its data. */
export interface PushSpec<E extends ServerEventName = ServerEventName> {
  rooms: string[];
  event: E;
  data: PushPayload<E>['data'];
}

/** What happens to connected sockets after the pushes (access re-checked, sessions ended). */
export interface SocketEffects {
  revalidateUser?: number;
  endSessions?: string[];
  endUser?: number;
  /** Records whose live counts are pushed after the batch (coalesced), by counts kind (see RealtimeRegistry.counts). */
  counts?: { [kind: string]: number[] };
}

export interface RoutedEvent {
  pushes: PushSpec[];
  effects?: SocketEffects;
}

/** How one domain event turns into pushes. */
export type PushRoute<K extends DomainEventType> = (e: StoredDomainEvent<K>) => RoutedEvent;
/** The push routes of a set of domain events (an area registers those of its own events). */
export type PushRoutes<K extends DomainEventType> = { [P in K]: PushRoute<P> };

/**
 * Pushes that combine: within one relay batch, a push of one of these events to the same rooms as
 * an earlier one is appended to it instead of sent on its own. Only for pushes about NEW things, so
 * moving one earlier never puts it after a later push about the same thing.
 */
export type PushMerges = { [E in ServerEventName]?: (into: PushPayload<E>['data'], next: PushPayload<E>['data']) => boolean };

/** Builds a typed push. */
export const push = <E extends ServerEventName>(event: E, rooms: string[], data: PushPayload<E>['data']): PushSpec =>
  ({ event, rooms, data }) as PushSpec;

/** A push and the domain events it carries (several once merged). */
export interface RoutedPush {
  spec: PushSpec;
  eventIds: string[];
  occurredAt: Date;
}

/** The pushes of a batch of events, in order, with the mergeable ones combined (see PushMerges). */
export function mergePushes(pushes: RoutedPush[], merges: PushMerges): RoutedPush[] {
  const out: RoutedPush[] = [];
  const open = new Map<string, RoutedPush>();
  for (const p of pushes) {
    const merge = merges[p.spec.event] as ((into: unknown, next: unknown) => boolean) | undefined;
    if (!merge) {
      out.push(p);
      continue;
    }
    const key = `${p.spec.event}|${p.spec.rooms.join(',')}`;
    const target = open.get(key);
    if (target && merge(target.spec.data, p.spec.data)) {
      target.eventIds.push(...p.eventIds);
      continue;
    }
    // A copy: its data grows as later pushes are appended.
    const copy: RoutedPush = {
      spec: { ...p.spec, data: structuredClone(p.spec.data) },
      eventIds: [...p.eventIds],
      occurredAt: p.occurredAt,
    };
    open.set(key, copy);
    out.push(copy);
  }
  return out;
}

/** Adds the counts requested by `next` to `into` (by kind). */
export function addCounts(into: { [kind: string]: number[] }, next: SocketEffects['counts']): void {
  for (const [kind, ids] of Object.entries(next ?? {})) (into[kind] ??= []).push(...ids);
}
