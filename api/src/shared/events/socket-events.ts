/**
 * The typed map of socket.io traffic, shared with the web app (pure types and constants).
 * Staff rooms may carry personal data; rooms starting with "public:" never do.
 */
import type {
  EventCounts,
  ExternalEventResponse,
  ExternalRegistrationResponse,
  WaitlistEntryResponse,
} from '../contracts/external-events.contract';
import type { CatalogueItem, CatalogueType, PersonaImportResponse } from '../contracts/personas.contract';
import type { AuditLogResponse, UserResponse } from '../contracts/users.contract';
import type {
  AsistenteResponse,
  InternalEventResponse,
  InvitationJobResponse,
  SeatRef,
  VersionedInternalCounts,
} from '../contracts/internal-events.contract';
import type { EspacioResponse } from '../contracts/spaces.contract';
import type { MassAssignmentResponse, SeatingDelta, SeatingPresenceUser } from '../contracts/seating.contract';
import type {
  ProgramaResponse,
  ProgramCounts,
  ProgramRegistrationResponse,
  ProgramWaitlistEntryResponse,
} from '../contracts/programs.contract';
import type { CorreoResponse, MailRefType } from '../contracts/mail.contract';
import type { DoorAlarm, DoorKind, DoorOccupancy, DoorScanRecord } from '../contracts/door.contract';
import type { ArcoRequestResponse } from '../contracts/privacy.contract';
import type { WebhookDeliveryResponse } from '../contracts/webhooks.contract';

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
  /**
   * This process's link to the other processes (Redis) came back after a loss: pushes sent meanwhile may not
   * have reached this socket, so every screen refetches what it shows (as after a reconnect). No data.
   */
  'live.resync': (msg: Push<Record<string, never>>) => void;

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
  /** Staff board (external-event:{id}): one waitlist entry's new state (joined, offered, accepted, expired, removed). */
  'waitlist.entry': (msg: Push<{ event_id: number; entry: WaitlistEntryResponse }>) => void;
  /**
   * Counts only (never personal data), read from the events after each change that moves them
   * (ExternalEventCounts, external-events.realtime.ts): to the staff list (external-events, every event read) and
   * each event's board (external-event:{id}); to the public landing (public:eventos) and the event's public page
   * (public:evento:{id}) only for events that are not drafts — public rooms also get `public.events-changed`.
   * A list room gets one push with every event read, an event's rooms one push with that event. A busy room's
   * pushes wait for its 25 ms window and go as one, keeping each event's latest counts (the push coalescer);
   * `version` grows with every change of the event's row, so the web ignores older counts.
   */
  'event.counts': (msg: Push<{ counts: Array<EventCounts & { version: string }> }>) => void;
  /** Public: the list of public events changed (created, published, featured…): refetch it. */
  'public.events-changed': (msg: Push<Record<string, never>>) => void;

  /** People (room personas): something changed — refetch the current page and the stats. */
  'personas.changed': (
    msg: Push<{
      reason: 'created' | 'updated' | 'deleted' | 'imported' | 'duplicate-dismissed' | 'review-decided' | 'merged' | 'merge-undone';
      id: number | null;
    }>,
  ) => void;
  /** A catalogue value was added (room personas). */
  'catalogue.added': (msg: Push<{ type: CatalogueType; item: CatalogueItem }>) => void;
  /** A CSV import's real progress, from the worker (room personas). */
  'import.progress': (msg: Push<{ import: PersonaImportResponse }>) => void;

  /** Internal events. Staff: the list (internal-events) and one event's board (internal-event:{id}). */
  'internal-event.created': (msg: Push<{ event: InternalEventResponse }>) => void;
  'internal-event.updated': (msg: Push<{ event: InternalEventResponse }>) => void;
  'internal-event.deleted': (msg: Push<{ id: number }>) => void;
  /** New attendees; `asistentes` null when there were many: refetch the list. */
  'internal-attendees.assigned': (msg: Push<{ event_id: number; asistentes: AsistenteResponse[] | null }>) => void;
  'internal-attendee.updated': (msg: Push<{ event_id: number; asistente: AsistenteResponse }>) => void;
  'internal-attendee.removed': (msg: Push<{ event_id: number; persona_id: number }>) => void;
  'internal-seat.assigned': (msg: Push<{ event_id: number; persona_id: number; asiento: SeatRef }>) => void;
  'internal-seats.released': (msg: Push<{ event_id: number; persona_ids: number[] }>) => void;
  /**
   * An invitation request's progress and result (from the worker; the request and the end also through the
   * outbox). `invited`: the people whose invitation a batch queued, and when — the attendee list marks them.
   */
  'internal-event.invitations-progress': (
    msg: Push<{ event_id: number; job: InvitationJobResponse; invited?: { persona_ids: number[]; at: string } }>,
  ) => void;
  /** Counters only — also the one push of the public room public:evento-interno:{id}. Older versions are ignored. */
  'internal-event.counts': (msg: Push<{ counts: VersionedInternalCounts }>) => void;
  /** Public room: the event's page changed (edited, cancelled, deleted): refetch it. */
  'public.internal-event-changed': (msg: Push<{ id: number }>) => void;
  /** Spaces (room espacios): a space was created, edited, deactivated or activated — its new state. */
  'espacio.changed': (msg: Push<{ espacio: EspacioResponse }>) => void;
  /**
   * Seating, rooms internal-event-seating:{id} and internal-event:{id}: a change of the seating
   * map at the event's seating version (a client that sees a gap refetches the map).
   */
  'seating.changed': (msg: Push<SeatingDelta>) => void;
  /** A mass assignment's progress and result (from the worker). */
  'seating.mass-progress': (msg: Push<{ event_id: number; mass: MassAssignmentResponse }>) => void;
  /** Who is on the event's seating map now. */
  'seating.presence': (msg: Push<{ event_id: number; users: SeatingPresenceUser[] }>) => void;
  /** Staff, programs table (room programs): a program was created or changed. */
  'program.created': (msg: Push<{ programa: ProgramaResponse }>) => void;
  'program.updated': (msg: Push<{ programa: ProgramaResponse }>) => void;
  /** Staff (programs, program:{id}). */
  'program.deleted': (msg: Push<{ id: number }>) => void;
  /** Staff (programs): `id` is now featured or not; every other id in `affected_ids` lost the flag. */
  'program.featured': (msg: Push<{ id: number; es_destacado: boolean; affected_ids: number[] }>) => void;
  /** Staff, one program's registrations (room program:{id}). */
  'program-registration.created': (msg: Push<{ programa_id: number; registration: ProgramRegistrationResponse }>) => void;
  'program-registration.updated': (msg: Push<{ programa_id: number; registration: ProgramRegistrationResponse }>) => void;
  /** Staff, one program's registrations (room program:{id}): one waitlist entry's new state (joined, offered, accepted, expired, removed). */
  'program-waitlist.entry': (msg: Push<{ programa_id: number; entry: ProgramWaitlistEntryResponse }>) => void;
  /**
   * Counts only: places of one program, to staff (programs, program:{id}) and to its public page
   * (public:programa:{id}, published programs only). Keep the highest `version`.
   */
  'program.counts': (msg: Push<{ counts: ProgramCounts }>) => void;
  /** Public page of one program (public:programa:{id}): it changed (closed, edited, deleted) — refetch it. */
  'public.program-changed': (msg: Push<Record<string, never>>) => void;
  /** Staff, the 'Correos' screen (rooms correos:{ref_type}, correos:todos): a message's status changed (from the workers). */
  'correo.updated': (msg: Push<{ correo: CorreoResponse }>) => void;
  /** The door, room door:{kind}:{id}: one scan as judged (ids only). */
  'door.scan': (msg: Push<{ kind: DoorKind; event_id: number; scan: DoorScanRecord }>) => void;
  /** Room door:{kind}:{id}: the occupancy now (coalesced per relay batch; keep the highest `version`). */
  'door.occupancy': (msg: Push<{ occupancy: DoorOccupancy }>) => void;
  /** Every staff room of the event (its board, its door, its seating map): an alarm level crossed, once per change. */
  'door.alarm': (msg: Push<DoorAlarm>) => void;
  /** Staff, the queue 'Solicitudes ARCO' (room privacidad): a request entered the queue (confirmed) or was resolved. */
  'arco.updated': (msg: Push<{ solicitud: ArcoRequestResponse }>) => void;
  /** Staff, the screen 'Webhooks' (room webhooks): an endpoint was registered, changed, deleted, paused or disabled. */
  'webhooks.changed': (msg: Push<{ webhook_id: number }>) => void;
  /**
   * Staff, one endpoint's delivery log (room webhook:{id}; the workers' line, and staff's 'probar' and 'reenviar'):
   * deliveries made (`nuevas`, newest first, as the log lists them) or attempted — their state now.
   */
  'webhook.deliveries': (msg: Push<{ webhook_id: number; entregas: WebhookDeliveryResponse[]; nuevas: boolean }>) => void;
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
  /** The people database: staff who may view it (personas view). */
  personas: 'personas',
  /** Internal events list: staff who may view eventos_internos. */
  internalEvents: 'internal-events',
  /** One internal event's attendee board: staff who may view eventos_internos (personal data). */
  internalEvent: (id: number) => `internal-event:${id}`,
  /** One internal event's public confirmation page: anyone; counts only. */
  publicInternalEvent: (id: number) => `public:evento-interno:${id}`,
  /** The spaces manager: staff who may view eventos_internos. */
  espacios: 'espacios',
  /** One internal event's seating map: staff who may view eventos_internos. */
  internalEventSeating: (id: number) => `internal-event-seating:${id}`,
  /** The programs table: staff who may view programs (programas_servicios or eventos_externos). */
  programs: 'programs',
  /** One program's registrations: staff who may view programs. */
  program: (id: number) => `program:${id}`,
  /** One public program page (/programas/{slug}): counts only. */
  publicProgram: (id: number) => `public:programa:${id}`,
  /** The messages about one kind of record ('Correos'): staff who may view that area (MAIL_REF_AREAS). */
  correos: (refType: MailRefType) => `correos:${refType}`,
  /** Every message, also those about nothing: super admins. */
  correosTodos: 'correos:todos',
  /** One event's door and occupancy board: staff who may view the event's area. */
  door: (kind: DoorKind, id: number) => `door:${kind}:${id}`,
  /** The queue 'Solicitudes ARCO': staff who may view privacidad (personal data). */
  privacidad: 'privacidad',
  /** The screen 'Webhooks': staff who may view integraciones. */
  webhooks: 'webhooks',
  /** One endpoint's delivery log: staff who may view integraciones (who may read the log). */
  webhook: (id: number) => `webhook:${id}`,
} as const;
