/**
 * The typed map of socket.io traffic, shared with the web app (pure types and constants).
 * Staff rooms may carry personal data; rooms starting with "public:" never do.
 */
import type { EventCounts, ExternalEventResponse, ExternalRegistrationResponse } from '../contracts/external-events.contract';
import type { CatalogueItem, CatalogueType, PersonaImportResponse } from '../contracts/personas.contract';
import type { AuditLogResponse, UserResponse } from '../contracts/users.contract';

/** Every push carries the domain event id (for de-duplication) and when it happened. */
export interface Push<T> {
  event_id: string;
  occurred_at: string;
  data: T;
}

export interface ServerToClientEvents {
  'user.created': (msg: Push<{ user: UserResponse }>) => void;
  'user.updated': (msg: Push<{ user: UserResponse }>) => void;
  'user.deleted': (msg: Push<{ id: number }>) => void;
  /** A new entry of the signed-in user's own audit trail (room user:{id}). */
  'audit.created': (msg: Push<{ entry: AuditLogResponse }>) => void;
  /** The signed-in user's own account changed (permissions, name...): refetch /api/me. */
  'me.changed': (msg: Push<{ deleted: boolean }>) => void;
  /** This socket's session ended (logout or deleted account): sign out. */
  'session.revoked': (msg: Push<Record<string, never>>) => void;

  /** Staff: the external events table (room external-events) and one event's board (external-event:{id}). */
  'external-event.created': (msg: Push<{ event: ExternalEventResponse }>) => void;
  'external-event.updated': (msg: Push<{ event: ExternalEventResponse }>) => void;
  'external-event.deleted': (msg: Push<{ id: number }>) => void;
  /**
   * Staff board (external-event:{id}): registrations of that event. New registrations come together:
   * one push per relay batch and room, in registration order (a burst of public registrations is a
   * few pushes per second, not one per registration per watcher).
   */
  'registrations.created': (msg: Push<{ event_id: number; registrations: ExternalRegistrationResponse[] }>) => void;
  'registration.updated': (msg: Push<{ event_id: number; registration: ExternalRegistrationResponse }>) => void;
  'registration.deleted': (msg: Push<{ event_id: number; id: number }>) => void;
  /**
   * Counts only — the one push public rooms get (public:eventos, public:evento:{id}), also sent to the
   * staff rooms. Coalesced per relay batch; `version` grows with every change so older counts are ignored.
   */
  'event.counts': (msg: Push<{ counts: Array<EventCounts & { version: string }> }>) => void;
  /** Public: the list of public events changed (created, published, featured…): refetch it. */
  'public.events-changed': (msg: Push<Record<string, never>>) => void;

  /** People (room personas): something changed — refetch the current page and the stats. */
  'personas.changed': (msg: Push<{ reason: 'created' | 'updated' | 'deleted' | 'imported'; id: number | null }>) => void;
  /** A catalogue value was added (room personas). */
  'catalogue.added': (msg: Push<{ type: CatalogueType; item: CatalogueItem }>) => void;
  /** A CSV import's real progress, from the worker (room personas). */
  'import.progress': (msg: Push<{ import: PersonaImportResponse }>) => void;
}

export type JoinAck = { ok: true } | { ok: false; message: string };

export interface ClientToServerEvents {
  'room:join': (room: string, ack: (res: JoinAck) => void) => void;
  'room:leave': (room: string, ack?: (res: JoinAck) => void) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type PushPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Room names. Each kind has one join rule on the server (realtime/room-policy.ts). */
export const ROOMS = {
  /** The users table: super admins. */
  users: 'users',
  /** One user's own channel: their dashboard and account. Joined automatically. */
  user: (id: number) => `user:${id}`,
  /** The external events table: staff who may view eventos_externos. */
  externalEvents: 'external-events',
  /** One external event's registrations board: staff who may view eventos_externos. */
  externalEvent: (id: number) => `external-event:${id}`,
  /** Public landing (/eventos): counts only. */
  publicEvents: 'public:eventos',
  /** One public event page (/eventos/{slug}): counts only. */
  publicEvent: (id: number) => `public:evento:${id}`,
  /** The people database: staff who may view it (eventos_internos view). */
  personas: 'personas',
} as const;
