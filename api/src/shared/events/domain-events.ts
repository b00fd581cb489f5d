import type { ExternalEventResponse, ExternalRegistrationResponse, WaitlistEntryResponse } from '../contracts/external-events.contract';
import type { CatalogueItem, CatalogueType } from '../contracts/personas.contract';
import type { UserResponse } from '../contracts/users.contract';
import type {
  AsistenteResponse,
  InternalEventResponse,
  InvitationJobResponse,
  SeatRef,
  VersionedInternalCounts,
} from '../contracts/internal-events.contract';
import type { EspacioResponse } from '../contracts/spaces.contract';
import type { MassAssignmentResponse, SeatingDelta } from '../contracts/seating.contract';
import type {
  ProgramaResponse,
  ProgramCounts,
  ProgramRegistrationResponse,
  ProgramRegistrationStatus,
  ProgramWaitlistEntryResponse,
} from '../contracts/programs.contract';
import type { CorreoResponse } from '../contracts/mail.contract';
import type { DoorAlarm, DoorKind, DoorScanRecord } from '../contracts/door.contract';
import type { ArcoRequestResponse, PersonalDataSource } from '../contracts/privacy.contract';
import type { WebhookDeliveryResponse, WebhookEndpointResponse } from '../contracts/webhooks.contract';

/** A program waitlist entry changed (one shape for each of its domain events). */
type ProgramWaitlistEvent = { programa_id: number; entry: ProgramWaitlistEntryResponse; counts: ProgramCounts };

/**
 * A merge of people or its undo. `cambios`: per area that keeps references to people (its PersonReferences `area`),
 * the ids of its own records whose rows changed — each area tells its own rooms (RealtimeRegistry.alsoOn).
 */
type PersonaMergeEvent = { fusion_id: string; sobreviviente_id: number; fusionar_ids: number[]; cambios: Record<string, number[]> };

/** Audit actions of spec 1 §3. */
export const AUDIT_ACTIONS = ['login', 'logout', 'create', 'update', 'delete', 'view', 'register'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The one typed map of domain events: event type → payload.
 * Payloads hold what the pushes need; job payloads carry only the event id.
 */
export interface DomainEventMap {
  'auth.logged-in': { user_id: number };
  'auth.logged-out': { user_id: number; session_id: string };
  'auth.registered': { user: UserResponse };
  'user.created': { user: UserResponse };
  'user.updated': { user: UserResponse; access_changed: boolean; revoked_sessions: string[] };
  'user.deleted': { user_id: number };
  'external-event.created': { event: ExternalEventResponse };
  'external-event.updated': { event: ExternalEventResponse };
  'external-event.deleted': { event_id: number };
  /** Featured flag toggled; `affected_ids` also lists events that lost the flag. */
  'external-event.featured-toggled': { event_id: number; is_featured: boolean; affected_ids: number[] };
  'registration.created': { event_id: number; registration: ExternalRegistrationResponse };
  'registration.confirmed': { event_id: number; registration: ExternalRegistrationResponse };
  'registration.unconfirmed': { event_id: number; registration: ExternalRegistrationResponse };
  'registration.deleted': { event_id: number; registration_id: number };
  /** The citizen cancelled by the link of their confirmation: the row stays, status cancelled, its place freed. */
  'registration.cancelled': { event_id: number; registration: ExternalRegistrationResponse };
  // Waitlist of an external event: written by the waitlist engine (core/waitlist) through the area's adapter.
  'waitlist.joined': { event_id: number; entry: WaitlistEntryResponse };
  'waitlist.offered': { event_id: number; entry: WaitlistEntryResponse };
  'waitlist.accepted': { event_id: number; entry: WaitlistEntryResponse };
  'waitlist.expired': { event_id: number; entry: WaitlistEntryResponse };
  'waitlist.removed': { event_id: number; entry: WaitlistEntryResponse };
  'persona.created': { persona_id: number };
  'persona.updated': { persona_id: number };
  'persona.deleted': { persona_id: number };
  /** 'No es duplicado': the pair, smaller id first, is never listed again. */
  'persona.duplicate-dismissed': { persona_ids: [number, number] };
  /** People merged into one (`fusion_id`): the merged ones are gone, their references are the survivor's. */
  'persona.merged': PersonaMergeEvent;
  /** A merge undone: the merged people are back with their references, the survivor as it was. */
  'persona.merge-undone': PersonaMergeEvent;
  'catalogue.value-added': { type: CatalogueType; item: CatalogueItem };
  'persona-import.requested': { import_id: string; file_name: string };
  'persona-import.completed': { import_id: string; imported: number; skipped: number; total: number; errors: number };
  /** A row of an import's review list decided: created as a new person, or left out. */
  'persona-import.review-decided': { import_id: string; fila: number; estado: 'creada' | 'descartada'; persona_id: number | null };

  // Internal events. Attendee events carry the counters after the change, with the event's version.
  'internal-event.created': { event: InternalEventResponse };
  'internal-event.updated': { event: InternalEventResponse };
  'internal-event.deleted': { event_id: number };
  /** `asistentes` is null for a large assignment: watchers refetch the list instead. */
  'internal-event.attendees-assigned': {
    event_id: number;
    assigned_count: number;
    asistentes: AsistenteResponse[] | null;
    counts: VersionedInternalCounts;
  };
  'internal-event.attendee-removed': { event_id: number; persona_id: number; counts: VersionedInternalCounts };
  /** Staff changed an attendee's confirmacion (with the seat given in the same operation, if any). */
  'internal-event.attendance-changed': { event_id: number; asistente: AsistenteResponse; counts: VersionedInternalCounts };
  /** The invited person confirmed on the public page with their code. */
  'internal-event.attendance-confirmed': { event_id: number; asistente: AsistenteResponse; counts: VersionedInternalCounts };
  /** Invitations by e-mail requested (one job) and finished. */
  'internal-event.invitations-requested': { event_id: number; job: InvitationJobResponse };
  'internal-event.invitations-finished': { event_id: number; job: InvitationJobResponse };
  // Spaces (seating-layout templates).
  'space.created': { espacio: EspacioResponse };
  'space.updated': { espacio: EspacioResponse };
  'space.deactivated': { espacio: EspacioResponse };
  'space.activated': { espacio: EspacioResponse };
  // Seating. Changes of the seating map carry their delta at the event's seating version.
  'seating.seat-assigned': SeatingDelta & { seat_ref: SeatRef };
  /**
   * Seats released: one from the map, those of an undone mass assignment (`mass_assignment_id`), the seat of
   * a removed attendee, or every seat of an event whose space changed. The only event of released seats.
   */
  'seating.seats-released': SeatingDelta;
  'seating.mass-assign-requested': { event_id: number; mass: MassAssignmentResponse };
  /** One batch of a mass assignment, committed. */
  'seating.mass-assigned': SeatingDelta;
  'seating.mass-assign-finished': { event_id: number; mass: MassAssignmentResponse };
  // Programs and services (spec 3 §2.6, §2.7). Counts travel with the change that moved them.
  'program.created': { programa: ProgramaResponse };
  'program.updated': { programa: ProgramaResponse; counts: ProgramCounts; was_public: boolean };
  'program.deleted': { programa_id: number };
  /** Featured flag set or cleared; `affected_ids` also lists the program that lost the flag. */
  'program.featured': { programa_id: number; es_destacado: boolean; affected_ids: number[] };
  'program-registration.created': { programa_id: number; registration: ProgramRegistrationResponse; counts: ProgramCounts };
  'program-registration.status-changed': {
    programa_id: number;
    registration: ProgramRegistrationResponse;
    from: ProgramRegistrationStatus;
    counts: ProgramCounts;
  };
  // Waitlist of a program with a limit: the entry's new state and the program's counts after the change.
  'program-waitlist.joined': ProgramWaitlistEvent;
  'program-waitlist.offered': ProgramWaitlistEvent;
  'program-waitlist.accepted': ProgramWaitlistEvent;
  'program-waitlist.expired': ProgramWaitlistEvent;
  'program-waitlist.removed': ProgramWaitlistEvent;
  // Mail. Status changes come from the workers (pushed directly); a resend is a staff action.
  /** A failed message queued again by the staff ('Correos', Reenviar). */
  'mail.resend-requested': { correo: CorreoResponse };
  // The door. Every scan is audited (refused ones too); alarms once per level change.
  'door.scanned': { kind: DoorKind; event_id: number; scan: DoorScanRecord };
  'door.alarm': DoorAlarm;
  /** A supervisor lifted the stop at 100 % (`lifted`), or put it back. */
  'door.stop-lifted': { kind: DoorKind; event_id: number; lifted: boolean; inside: number; capacity: number | null };
  /** 'Vaciar recinto': everyone inside marked out; `cut`: the nightly run's (DOOR_EMPTY_AT, ISO), absent on demand. */
  'door.emptied': { kind: DoorKind; event_id: number; count: number; cut?: string };
  /**
   * People merged into one (the people database's merge) who were inside the same event are one person inside: the
   * counter moved by `delta` (negative); the merge's undo moves it back (positive). `inside`: the count after.
   */
  'door.holders-merged': { kind: DoorKind; event_id: number; delta: number; inside: number; undone: boolean };
  // Privacy: a new version of the notice; a retention run (its counts are the run's row).
  'privacy-notice.published': { version: number };
  'privacy.retention-run': { run_id: number; total: number };
  // Privacy. A filed request is unproven (no personal data in the event); staff hear of it once confirmed.
  'privacy-request.filed': { solicitud_id: number };
  'privacy-request.confirmed': { solicitud: ArcoRequestResponse };
  /** Resolved: what changed where (ids and field names, never the values). */
  'privacy-request.resolved': {
    solicitud: ArcoRequestResponse;
    cambios: Array<{ fuente: PersonalDataSource; id: number; campo: string }>;
    anonimizados: Partial<Record<PersonalDataSource, number>>;
  };
  /** The citizen downloaded an access export through its link. */
  'privacy-request.export-downloaded': { solicitud_id: number };
  /** An address put on the suppression list (no address in the event: the list holds it). */
  'mail.suppressed': { motivo: 'oposicion' | 'baja'; solicitud_id: number | null; correo_id: number | null };
  /** A personal API token was created or revoked (ids only: never the secret nor its hash). */
  'api-token.created': { api_token_id: number; user_id: number };
  'api-token.revoked': { api_token_id: number; user_id: number };
  // Webhooks: endpoints registered, changed, deleted by staff; paused (failures in a row) or disabled (a 410) by the workers.
  'webhook.created': { webhook: WebhookEndpointResponse };
  'webhook.updated': { webhook: WebhookEndpointResponse; secreto_rotado: boolean };
  'webhook.deleted': { webhook_id: number };
  'webhook.stopped': { webhook_id: number; estado: 'pausado' | 'deshabilitado'; motivo: string };
  /** Staff's 'probar' (a ping, new in the log) and 'reenviar' (one more attempt of a finished delivery): the delivery now. */
  'webhook.pinged': { webhook_id: number; entrega: WebhookDeliveryResponse };
  'webhook.delivery-resent': { webhook_id: number; entrega: WebhookDeliveryResponse };
}

export type DomainEventType = keyof DomainEventMap;

/** How each event is audited. resource_type null shows as 'sistema'. */
export const DOMAIN_EVENT_AUDIT: { [K in DomainEventType]: { action: AuditAction; resourceType: string | null } } = {
  'auth.logged-in': { action: 'login', resourceType: null },
  'auth.logged-out': { action: 'logout', resourceType: null },
  'auth.registered': { action: 'register', resourceType: 'user' },
  'user.created': { action: 'create', resourceType: 'user' },
  'user.updated': { action: 'update', resourceType: 'user' },
  'user.deleted': { action: 'delete', resourceType: 'user' },
  'external-event.created': { action: 'create', resourceType: 'external_event' },
  'external-event.updated': { action: 'update', resourceType: 'external_event' },
  'external-event.deleted': { action: 'delete', resourceType: 'external_event' },
  'external-event.featured-toggled': { action: 'update', resourceType: 'external_event' },
  'registration.created': { action: 'register', resourceType: 'external_registration' },
  'registration.confirmed': { action: 'update', resourceType: 'external_registration' },
  'registration.unconfirmed': { action: 'update', resourceType: 'external_registration' },
  'registration.deleted': { action: 'delete', resourceType: 'external_registration' },
  'registration.cancelled': { action: 'update', resourceType: 'external_registration' },
  'waitlist.joined': { action: 'register', resourceType: 'external_waitlist_entry' },
  'waitlist.offered': { action: 'update', resourceType: 'external_waitlist_entry' },
  'waitlist.accepted': { action: 'update', resourceType: 'external_waitlist_entry' },
  'waitlist.expired': { action: 'update', resourceType: 'external_waitlist_entry' },
  'waitlist.removed': { action: 'delete', resourceType: 'external_waitlist_entry' },
  'persona.created': { action: 'create', resourceType: 'persona' },
  'persona.updated': { action: 'update', resourceType: 'persona' },
  'persona.deleted': { action: 'delete', resourceType: 'persona' },
  'persona.duplicate-dismissed': { action: 'update', resourceType: 'persona' },
  'persona.merged': { action: 'update', resourceType: 'persona' },
  'persona.merge-undone': { action: 'update', resourceType: 'persona' },
  'catalogue.value-added': { action: 'create', resourceType: 'catalogo' },
  'persona-import.requested': { action: 'create', resourceType: 'importacion_personas' },
  'persona-import.completed': { action: 'update', resourceType: 'importacion_personas' },
  'persona-import.review-decided': { action: 'update', resourceType: 'importacion_personas' },
  'internal-event.created': { action: 'create', resourceType: 'internal_event' },
  'internal-event.updated': { action: 'update', resourceType: 'internal_event' },
  'internal-event.deleted': { action: 'delete', resourceType: 'internal_event' },
  'internal-event.attendees-assigned': { action: 'create', resourceType: 'internal_event_attendee' },
  'internal-event.attendee-removed': { action: 'delete', resourceType: 'internal_event_attendee' },
  'internal-event.attendance-changed': { action: 'update', resourceType: 'internal_event_attendee' },
  'internal-event.attendance-confirmed': { action: 'update', resourceType: 'internal_event_attendee' },
  'internal-event.invitations-requested': { action: 'create', resourceType: 'internal_event_invitation' },
  'internal-event.invitations-finished': { action: 'update', resourceType: 'internal_event_invitation' },
  // Spaces: DELETE /api/espacios/{id} deactivates, audited as the delete it is on the wire.
  'space.created': { action: 'create', resourceType: 'espacio' },
  'space.updated': { action: 'update', resourceType: 'espacio' },
  'space.deactivated': { action: 'delete', resourceType: 'espacio' },
  'space.activated': { action: 'update', resourceType: 'espacio' },
  // Seating.
  'seating.seat-assigned': { action: 'create', resourceType: 'seat_assignment' },
  'seating.seats-released': { action: 'delete', resourceType: 'seat_assignment' },
  'seating.mass-assign-requested': { action: 'create', resourceType: 'mass_seat_assignment' },
  'seating.mass-assigned': { action: 'create', resourceType: 'seat_assignment' },
  'seating.mass-assign-finished': { action: 'update', resourceType: 'mass_seat_assignment' },
  'program.created': { action: 'create', resourceType: 'programa' },
  'program.updated': { action: 'update', resourceType: 'programa' },
  'program.deleted': { action: 'delete', resourceType: 'programa' },
  'program.featured': { action: 'update', resourceType: 'programa' },
  'program-registration.created': { action: 'register', resourceType: 'programa_registro' },
  'program-registration.status-changed': { action: 'update', resourceType: 'programa_registro' },
  'program-waitlist.joined': { action: 'register', resourceType: 'programa_lista_espera' },
  'program-waitlist.offered': { action: 'update', resourceType: 'programa_lista_espera' },
  'program-waitlist.accepted': { action: 'update', resourceType: 'programa_lista_espera' },
  'program-waitlist.expired': { action: 'update', resourceType: 'programa_lista_espera' },
  'program-waitlist.removed': { action: 'delete', resourceType: 'programa_lista_espera' },
  'mail.resend-requested': { action: 'update', resourceType: 'correo' },
  'door.scanned': { action: 'create', resourceType: 'door_scan' },
  'door.alarm': { action: 'update', resourceType: 'door_occupancy' },
  'door.stop-lifted': { action: 'update', resourceType: 'door_occupancy' },
  'door.emptied': { action: 'update', resourceType: 'door_occupancy' },
  'door.holders-merged': { action: 'update', resourceType: 'door_occupancy' },
  'privacy-notice.published': { action: 'create', resourceType: 'aviso_privacidad' },
  'privacy.retention-run': { action: 'update', resourceType: 'conservacion_ejecucion' },
  'privacy-request.filed': { action: 'create', resourceType: 'solicitud_arco' },
  'privacy-request.confirmed': { action: 'update', resourceType: 'solicitud_arco' },
  'privacy-request.resolved': { action: 'update', resourceType: 'solicitud_arco' },
  'privacy-request.export-downloaded': { action: 'view', resourceType: 'solicitud_arco' },
  'mail.suppressed': { action: 'create', resourceType: 'correo_supresion' },
  'api-token.created': { action: 'create', resourceType: 'api_token' },
  'api-token.revoked': { action: 'delete', resourceType: 'api_token' },
  'webhook.created': { action: 'create', resourceType: 'webhook' },
  'webhook.updated': { action: 'update', resourceType: 'webhook' },
  'webhook.deleted': { action: 'delete', resourceType: 'webhook' },
  'webhook.stopped': { action: 'update', resourceType: 'webhook' },
  'webhook.pinged': { action: 'create', resourceType: 'webhook_entrega' },
  'webhook.delivery-resent': { action: 'update', resourceType: 'webhook_entrega' },
};

/** Every domain event type, at run time (the audit map above is exhaustive by type). */
export const DOMAIN_EVENT_TYPES = Object.keys(DOMAIN_EVENT_AUDIT) as DomainEventType[];

/** Who did it and from where: recorded with every event. */
export interface EventActor {
  userId: number | null;
  ip: string | null;
  /** The API token the caller used (null or absent: a session, a citizen or the system); the audit entry names it. */
  apiTokenId?: number | null;
}

export interface NewDomainEvent<K extends DomainEventType = DomainEventType> {
  type: K;
  resourceId?: string | number | null;
  payload: DomainEventMap[K];
}

/** A stored event as the relay reads it. */
export interface StoredDomainEvent<K extends DomainEventType = DomainEventType> {
  id: string;
  type: K;
  actorId: number | null;
  ip: string | null;
  resourceType: string | null;
  resourceId: string | null;
  payload: DomainEventMap[K];
  occurredAt: Date;
}
