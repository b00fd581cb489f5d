import { Injectable } from '@nestjs/common';
import { can } from '@shared/permissions';
import { ROOMS } from '@shared/events/socket-events';
import { push, type PushMerges, type PushRoute, type PushRoutes } from '@core/realtime/push-routes';
import type { RoomSink } from '@core/realtime/aforo-server';
import type { CountsSource, RealtimeRegistry } from '@core/realtime/realtime-registry';
import { ExternalEventsRepository } from './external-events.repository';

/** Live counts of external events (places taken, featured): the kind named in SocketEffects.counts. */
export const EXTERNAL_EVENT_COUNTS = 'external-event';

const staffEvent = (id: number) => [ROOMS.externalEvents, ROOMS.externalEvent(id)];
/** Public pages refetch: the landing, and the event's own page (which then may find it gone or unpublished). */
const publicChanged = (id?: number) =>
  push('public.events-changed', id ? [ROOMS.publicEvents, ROOMS.publicEvent(id)] : [ROOMS.publicEvents], {});

/** Attendance confirmed or unconfirmed: the registration's new state to the event's board. */
const registrationUpdated: PushRoute<'registration.confirmed' | 'registration.unconfirmed'> = (e) => ({
  pushes: [
    push('registration.updated', [ROOMS.externalEvent(e.payload.event_id)], {
      event_id: e.payload.event_id,
      registration: e.payload.registration,
    }),
  ],
});

type WaitlistEvent = 'waitlist.joined' | 'waitlist.offered' | 'waitlist.accepted' | 'waitlist.expired' | 'waitlist.removed';

/** A waitlist entry changed: its new state to the event's board (staff), and the counts (places held, people waiting). */
const waitlistEntry: PushRoute<WaitlistEvent> = (e) => ({
  pushes: [push('waitlist.entry', [ROOMS.externalEvent(e.payload.event_id)], { event_id: e.payload.event_id, entry: e.payload.entry })],
  effects: { counts: { [EXTERNAL_EVENT_COUNTS]: [e.payload.event_id] } },
});

type ExternalEventsEvent =
  | 'external-event.created'
  | 'external-event.updated'
  | 'external-event.deleted'
  | 'external-event.featured-toggled'
  | 'registration.created'
  | 'registration.confirmed'
  | 'registration.unconfirmed'
  | 'registration.deleted'
  | 'registration.cancelled'
  | WaitlistEvent;

/** For each external-events domain event: the socket pushes it produces. */
export const EXTERNAL_EVENTS_PUSH_ROUTES: PushRoutes<ExternalEventsEvent> = {
  'external-event.created': (e) => ({
    pushes: [
      push('external-event.created', [ROOMS.externalEvents], { event: e.payload.event }),
      ...(e.payload.event.status === 'draft' ? [] : [publicChanged()]),
    ],
  }),
  'external-event.updated': (e) => ({
    pushes: [push('external-event.updated', staffEvent(e.payload.event.id), { event: e.payload.event }), publicChanged(e.payload.event.id)],
    effects: { counts: { [EXTERNAL_EVENT_COUNTS]: [e.payload.event.id] } },
  }),
  'external-event.deleted': (e) => ({
    pushes: [push('external-event.deleted', staffEvent(e.payload.event_id), { id: e.payload.event_id }), publicChanged(e.payload.event_id)],
  }),
  'external-event.featured-toggled': (e) => ({
    pushes: [publicChanged()],
    effects: { counts: { [EXTERNAL_EVENT_COUNTS]: e.payload.affected_ids } },
  }),
  'registration.created': (e) => ({
    pushes: [
      push('registrations.created', [ROOMS.externalEvent(e.payload.event_id)], {
        event_id: e.payload.event_id,
        registrations: [e.payload.registration],
      }),
    ],
    effects: { counts: { [EXTERNAL_EVENT_COUNTS]: [e.payload.event_id] } },
  }),
  'registration.confirmed': registrationUpdated,
  'registration.unconfirmed': registrationUpdated,
  'registration.deleted': (e) => ({
    pushes: [
      push('registration.deleted', [ROOMS.externalEvent(e.payload.event_id)], {
        event_id: e.payload.event_id,
        id: e.payload.registration_id,
      }),
    ],
    effects: { counts: { [EXTERNAL_EVENT_COUNTS]: [e.payload.event_id] } },
  }),
  /** Cancelled by the citizen's link: the row stays on the board as Cancelado, the place frees. */
  'registration.cancelled': (e) => ({
    pushes: [
      push('registration.updated', [ROOMS.externalEvent(e.payload.event_id)], {
        event_id: e.payload.event_id,
        registration: e.payload.registration,
      }),
    ],
    effects: { counts: { [EXTERNAL_EVENT_COUNTS]: [e.payload.event_id] } },
  }),
  'waitlist.joined': waitlistEntry,
  'waitlist.offered': waitlistEntry,
  'waitlist.accepted': waitlistEntry,
  'waitlist.expired': waitlistEntry,
  'waitlist.removed': waitlistEntry,
};

/**
 * New registrations of one event waiting together (a relay batch, a busy room's window) go as one push per room,
 * in order; counts waiting together go as the latest of each event (a version only grows).
 */
export const EXTERNAL_EVENTS_PUSH_MERGES: PushMerges = {
  'registrations.created': (into, next) => {
    if (into.event_id !== next.event_id) return false;
    into.registrations.push(...next.registrations);
    return true;
  },
  'event.counts': (into, next) => {
    for (const c of next.counts) {
      const i = into.counts.findIndex((o) => o.id === c.id);
      if (i < 0) into.counts.push(c);
      else if (BigInt(c.version) >= BigInt(into.counts[i].version)) into.counts[i] = c;
    }
    return true;
  },
};

/**
 * Pushes the current counts of the given events: to the staff rooms, and — for events the public may
 * see — to the public rooms (counts only, never personal data).
 */
@Injectable()
export class ExternalEventCounts implements CountsSource {
  constructor(private readonly events: ExternalEventsRepository) {}

  async push(server: RoomSink, ids: number[]): Promise<void> {
    const counts = await this.events.readCounts(ids);
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
}

/** The rooms of external events and who may join them (checked at every join and after access changes). */
export function registerExternalEventsRealtime(
  registry: RealtimeRegistry,
  events: ExternalEventsRepository,
  counts: ExternalEventCounts,
): void {
  registry.rooms(/^external-events$/, (user) => can(user, 'eventos_externos', 'view'));
  registry.rooms(
    /^external-event:(\d+)$/,
    async (user, _room, m) => can(user, 'eventos_externos', 'view') && !!(await events.findById(Number(m[1]))),
  );
  registry.rooms(/^public:eventos$/, () => true);
  registry.rooms(/^public:evento:(\d+)$/, async (user, _room, m) => {
    const event = await events.findById(Number(m[1]));
    return !!event && (event.status !== 'draft' || can(user, 'eventos_externos', 'view'));
  });
  registry.pushRoutes(EXTERNAL_EVENTS_PUSH_ROUTES);
  registry.merges(EXTERNAL_EVENTS_PUSH_MERGES);
  registry.counts(EXTERNAL_EVENT_COUNTS, counts);
}
