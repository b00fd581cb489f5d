/** Wire shapes of external events and their registrations (pure types, shared with the web app). */

import { EMAIL_MAX_LENGTH } from '../limits';
import type { WaitlistConfirmLine, WaitlistLine } from './waitlist.contract';

export const EXTERNAL_EVENT_STATUSES = ['draft', 'published', 'cancelled', 'completed'] as const;
export type ExternalEventStatus = (typeof EXTERNAL_EVENT_STATUSES)[number];
/** On creation only these may be chosen (spec 1 §4). */
export const CREATABLE_STATUSES = ['draft', 'published'] as const;

export const REGISTRATION_STATUSES = ['registered', 'attended', 'no_show', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const TIPOS_PARTICIPANTE = ['Emprendedor', 'Empresario', 'Ejecutivo', 'Estudiante', 'Otro'] as const;
export type TipoParticipante = (typeof TIPOS_PARTICIPANTE)[number];

/**
 * Length limits of the event form and of the public registration form: the server validates them and
 * the web inputs use them as maxLength, so the browser never accepts what the server would refuse.
 */
export const EXTERNAL_EVENT_LIMITS = {
  title: 200,
  description: 10_000,
  location: 300,
  /** requirements and agenda: at most this many items, each at most this long. */
  listItems: 50,
  listItem: 500,
} as const;

export const REGISTRATION_LIMITS = {
  /** nombre, apellido_paterno, apellido_materno. */
  name: 100,
  email: EMAIL_MAX_LENGTH,
  empresa: 200,
} as const;

/** Staff view of an event (GET/POST/PUT /api/eventos-externos). */
export interface ExternalEventResponse {
  id: number;
  title: string;
  description: string;
  event_date: string;
  end_date: string | null;
  location: string;
  max_attendees: number;
  current_attendees: number;
  status: ExternalEventStatus;
  image_url: string | null;
  slug: string;
  is_featured: boolean;
  requirements: string[];
  agenda: string[];
  /** Places held for the first people of the waitlist (offers not yet accepted): not free for anyone else. */
  held_places: number;
  /** People waiting in line (not counting those holding an offer). A count only. */
  waitlist_count: number;
  /** The venue's safety limit (aforo máximo del recinto): the door stops at it; null: none. Staff only. */
  aforo_maximo: number | null;
  created_at: string;
  updated_at: string;
}

/** Public view (no staff fields). */
export type PublicExternalEvent = Omit<ExternalEventResponse, 'created_at' | 'updated_at' | 'aforo_maximo'>;

/** The event form as sent: the body of POST and PUT /api/eventos-externos (spec 1 §7). */
export type ExternalEventInput = Pick<
  ExternalEventResponse,
  'title' | 'description' | 'event_date' | 'end_date' | 'location' | 'max_attendees' | 'status' | 'requirements' | 'agenda'
> & {
  /** PUT only: a string keeps/sets it, null removes the image; absent leaves it as is. */
  image_url?: string | null;
  /** Optional: a number sets the venue's limit, null removes it; absent leaves it as is. */
  aforo_maximo?: number | null;
};

/** The answer to POST and PUT /api/eventos-externos. */
export interface ExternalEventSaved {
  event: ExternalEventResponse;
  message?: string;
}

export interface PublicEventPageResponse {
  event: PublicExternalEvent;
  is_preview: boolean;
  is_completed: boolean;
  is_cancelled: boolean;
}

/** Spec 1 §3 "Featured event": what the dashboard banner shows. */
export interface FeaturedEvent {
  title: string;
  slug: string;
  image_url: string | null;
  event_date: string;
  location: string;
}

export interface FeaturedEventResponse {
  featured_event: FeaturedEvent | null;
}

/** A person of the public form as staff see them, registered or waiting alike. */
export type PublicRegistrant = {
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  /** Null once retention anonymised the row (names 'Anonimizado', e-mail a placeholder). */
  fecha_nacimiento: string | null;
  phone: string | null;
  email: string;
  empresa: string | null;
  tipo_participante: string;
};

export interface ExternalRegistrationResponse extends PublicRegistrant {
  id: number;
  curp: string | null;
  status: RegistrationStatus;
  /** The short code for the door (8 characters, unique in the event). Staff only: never in a public answer. */
  codigo: string;
  created_at: string;
  updated_at: string;
}

/** The public registration form as sent (spec 1 §3): the body of POST /api/eventos/{slug}/register. */
export type PublicRegistrationInput = Pick<ExternalRegistrationResponse, 'nombre' | 'apellido_paterno' | 'apellido_materno' | 'email'> & {
  fecha_nacimiento: string;
  phone: string;
  empresa?: string;
  tipo_participante: TipoParticipante;
};

/** The answer to POST /api/eventos/{slug}/register (201). */
export interface PublicRegistrationAccepted {
  message?: string;
  registration: Pick<ExternalRegistrationResponse, 'id' | 'status'>;
}

/** Counts only: what public rooms may carry. */
export interface EventCounts {
  id: number;
  slug: string;
  status: ExternalEventStatus;
  max_attendees: number;
  current_attendees: number;
  held_places: number;
  waitlist_count: number;
  is_featured: boolean;
}

// ——— Waitlist ———

/** The waitlist's statuses and join answer are shared with programs (shared/contracts/waitlist.contract.ts). */
export { WAITLIST_STATUSES, type WaitlistJoined, type WaitlistStatus } from './waitlist.contract';

/** One person of an event's waitlist (staff only). */
export interface WaitlistEntryResponse extends WaitlistLine, PublicRegistrant {
  id: number;
  event_id: number;
}

/** GET /api/eventos-externos/{id}/waitlist: the active entries (waiting or offered) in line order. */
export interface WaitlistResponse {
  entries: WaitlistEntryResponse[];
}

/** What a link page shows of an event: nothing personal. */
export interface LinkEventView {
  titulo: string;
  slug: string;
  event_date: string;
  end_date: string | null;
  location: string;
}

/** GET /api/registros/cancelar/{token}: what would be cancelled (the citizen's own first name, and the event). */
export interface CancelLinkView {
  nombre: string;
  evento: LinkEventView;
}

/** GET /api/lista-espera/confirmar/{token}: the join to confirm. */
export interface ConfirmLinkView extends WaitlistConfirmLine {
  evento: LinkEventView;
}

/** GET /api/lista-espera/aceptar/{token}: the place offered and until when. */
export interface OfferLinkView {
  nombre: string;
  evento: LinkEventView;
  oferta_hasta: string;
}
