/** Wire shapes of internal events and their attendees (spec 2 §3, §7). Pure types and constants, shared with the web app. */

export const TIPOS_EVENTO_INTERNO = ['reunion', 'presentacion', 'conferencia', 'taller', 'otro'] as const;
export type TipoEventoInterno = (typeof TIPOS_EVENTO_INTERNO)[number];

export const ESTADOS_EVENTO_INTERNO = ['borrador', 'confirmado', 'cancelado', 'completado'] as const;
export type EstadoEventoInterno = (typeof ESTADOS_EVENTO_INTERNO)[number];
/** On creation only these may be chosen (spec 2 §4). */
export const ESTADOS_AL_CREAR = ['borrador', 'confirmado'] as const;

export const CONFIRMACIONES = ['pendiente', 'confirmado', 'rechazado', 'asistio', 'no_asistio'] as const;
export type Confirmacion = (typeof CONFIRMACIONES)[number];

/** Confirmation codes: length and alphabet (no 0/O, 1/I/L look-alikes). 31^5 ≈ 28.6 million codes. */
export const CONFIRMATION_CODE_LENGTH = 5;
export const CONFIRMATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Typed input → what is compared: trimmed, upper case. */
export function normalizeConfirmationCode(input: unknown): string {
  return typeof input === 'string' ? input.trim().toUpperCase() : '';
}

export function isConfirmationCode(code: string): boolean {
  return code.length === CONFIRMATION_CODE_LENGTH && [...code].every((c) => CONFIRMATION_CODE_ALPHABET.includes(c));
}

/** The status button's cycle (spec 2 §4): pendiente → confirmado → asistio → pendiente; anything else → pendiente. */
export function nextConfirmacion(current: Confirmacion): Confirmacion {
  if (current === 'pendiente') return 'confirmado';
  if (current === 'confirmado') return 'asistio';
  return 'pendiente';
}

export const INTERNAL_EVENT_LIMITS = { titulo: 200, descripcion: 10_000, ubicacion: 300, notas: 50, nota: 500 } as const;

/** Attendee counters (spec 2 §2 detail): every push about attendees carries them with the event's version. */
export interface AsistentesCounts {
  asistentes_count: number;
  asistentes_confirmados_count: number;
  asistentes_pendientes_count: number;
  asistentes_asistieron_count: number;
}

export interface VersionedInternalCounts extends AsistentesCounts {
  evento_id: number;
  version: string;
}

/** A section of the event's space, for the section choice of asistio / auto-assign. */
export interface SeccionSummary {
  id: number;
  nombre: string;
  codigo: string;
  color: string;
  capacidad: number;
  /** Seats of this section assigned in this event. */
  asignados: number;
}

export interface EspacioSummary {
  id: number;
  nombre: string;
  capacidad_total: number;
  secciones: SeccionSummary[];
}

export interface SeccionRef {
  id: number;
  nombre: string;
  codigo: string;
  color: string;
}

/** A seat as the attendee table and the auto-assign answer show it. */
export interface SeatRef {
  asignacion_id: number;
  asiento_id: number;
  codigo: string;
  /** '{seccion.codigo}-{row letter}-{seat number}'. */
  displayCode: string;
  seccion: SeccionRef;
}

/** What staff write of an internal event (spec 2 §7) and every view of it shows. */
export interface InternalEventFields {
  titulo: string;
  descripcion: string | null;
  fecha_evento: string;
  fecha_fin: string | null;
  ubicacion: string | null;
  tipo: TipoEventoInterno;
  estado: EstadoEventoInterno;
}

/** The create and edit body (spec 2 §7): the edit page also sends espacio_id (accepted, not applied). */
export interface InternalEventPayload extends InternalEventFields {
  notas?: string[];
  espacio_id?: number | null;
  /** Optional: the venue's safety limit for the door; null removes it, absent leaves it as is. */
  aforo_maximo?: number | null;
}

/** Staff view of an internal event. */
export interface InternalEventResponse extends AsistentesCounts, InternalEventFields {
  id: number;
  slug: string;
  notas: string[];
  permite_seleccion_asiento: boolean;
  espacios: EspacioSummary[];
  /** Failed public confirmations in the last 24 hours (someone may be guessing codes). */
  intentos_fallidos_24h: number;
  /** The venue's safety limit (aforo máximo del recinto): the door stops at it; null: none. */
  aforo_maximo: number | null;
  version: string;
  created_at: string;
  updated_at: string;
}

/** Persona as attendee (spec 2 §3), with its pivot and its seat in this event. */
export interface AsistenteResponse {
  id: number;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  nombre_completo: string;
  correo_electronico: string | null;
  telefono_celular: string | null;
  telefono: string | null;
  empresa_id: number | null;
  empresa: { id: number; nombre: string } | null;
  puesto: { nombre: string } | null;
  sector_id: number | null;
  sector: { id: number; nombre: string } | null;
  /** `invitacion_enviada_at`: when this person's last invitation by e-mail was queued (null: never). */
  pivot: { confirmacion: Confirmacion; confirmation_code: string; invitacion_enviada_at: string | null };
  asiento: SeatRef | null;
}

// ---------------------------------------------------------------- invitations by e-mail

export const INVITATION_JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type InvitationJobStatus = (typeof INVITATION_JOB_STATUSES)[number];

/** Most people one invitation request names (persona_ids); omitted, every pending attendee with an e-mail. */
export const MAX_INVITATIONS_PER_REQUEST = 20_000;

/** One request to send invitations: one job, its progress and its counts. */
export interface InvitationJobResponse {
  id: string;
  /** The BullMQ job's id. */
  job_id: string;
  evento_interno_id: number;
  status: InvitationJobStatus;
  /** Attendees named by the request. */
  total: number;
  processed: number;
  /** Invitations queued (one message each). */
  queued_count: number;
  /** Named but not invited: without an e-mail, or no longer attendees of the event. */
  skipped_count: number;
  message: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface InvitationRequestResponse {
  message: string;
  job: InvitationJobResponse;
}

/** A row of the assign-persons modal. */
export interface PersonaDisponible {
  id: number;
  nombre_completo: string;
  correo_electronico: string | null;
  empresa: string | null;
  puesto: string | null;
}

export interface AvailablePersonasResponse {
  personas: PersonaDisponible[];
  total: number;
  page: number;
  per_page: number;
  last_page: number;
}

/** Public page (no attendee data at all). */
export interface PublicInternalEvent extends AsistentesCounts, InternalEventFields {
  id: number;
  slug: string;
  version: string;
}

export interface PublicConfirmResponse {
  already_confirmed: boolean;
  message: string;
  persona: { nombre: string };
}
