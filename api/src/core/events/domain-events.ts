import type { ExternalEventResponse, ExternalRegistrationResponse } from '../contracts/external-events.contract';
import type { CatalogueItem, CatalogueType } from '../contracts/personas.contract';
import type { UserResponse } from '../contracts/users.contract';

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
  'persona.created': { persona_id: number };
  'persona.updated': { persona_id: number };
  'persona.deleted': { persona_id: number };
  'catalogue.value-added': { type: CatalogueType; item: CatalogueItem };
  'persona-import.requested': { import_id: string; file_name: string };
  'persona-import.completed': { import_id: string; imported: number; skipped: number; total: number; errors: number };
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
  'persona.created': { action: 'create', resourceType: 'persona' },
  'persona.updated': { action: 'update', resourceType: 'persona' },
  'persona.deleted': { action: 'delete', resourceType: 'persona' },
  'catalogue.value-added': { action: 'create', resourceType: 'catalogo' },
  'persona-import.requested': { action: 'create', resourceType: 'importacion_personas' },
  'persona-import.completed': { action: 'update', resourceType: 'importacion_personas' },
};

/** Who did it and from where: recorded with every event. */
export interface EventActor {
  userId: number | null;
  ip: string | null;
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
