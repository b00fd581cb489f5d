import type { Confirmacion } from './internal-events.contract';
import type { SeccionResponse } from './spaces.contract';

/**
 * The compact seating map (`?formato=compacto`), shaped for 20,000 seats on the seating screen: a section
 * carries its seat ids in row-major order (index (fila - 1) × asientos_por_fila + (numero - 1); null =
 * a place with no stored seat, 'not registered'); the labels come from the shared seat-label engine,
 * so they are not sent. Assignments come once, as a list, each naming its seat.
 */
export interface SeatingSeccion extends Pick<
  SeccionResponse,
  'id' | 'nombre' | 'codigo' | 'color' | 'orden' | 'filas' | 'asientos_por_fila'
> {
  seat_ids: Array<number | null>;
}

export interface SeatingEspacio {
  id: number;
  nombre: string;
  layout_config: string | null;
  capacidad_total: number;
  secciones: SeatingSeccion[];
}

export interface SeatingPersona {
  id: number;
  nombre_completo: string;
  empresa_id: number | null;
  empresa: string | null;
  puesto: string | null;
  sector_id: number | null;
  sector: string | null;
}

/** An assignment (spec 2 §3: id, persona, estado, attendance_status). estado is always 'asignado'. */
export interface SeatingAssignment {
  id: number;
  asiento_id: number;
  persona: SeatingPersona;
  estado: 'asignado';
  attendance_status: Confirmacion;
  asignacion_masiva_id: string | null;
}

export type MassAssignmentStatus = 'queued' | 'processing' | 'completed' | 'failed';

export interface MassAssignmentFailure {
  persona_id: number;
  nombre: string;
  motivo: string;
}

/** A mass assignment as the screen follows it (the spec's result fields once completed). */
export interface MassAssignmentResponse {
  id: string;
  job_id: string;
  evento_interno_id: number;
  seccion_id: number;
  status: MassAssignmentStatus;
  total: number;
  processed: number;
  assigned_count: number;
  failed_count: number;
  message: string | null;
  failure_reasons: MassAssignmentFailure[];
  created_at: string;
  finished_at: string | null;
  undone_at: string | null;
  released_count: number | null;
}

/**
 * The two forms of GET /api/eventos-internos/{id}/seating-map, built from the same reads: `completo` (the
 * default, spec 2 §3 and §7: spaces → secciones → asientos, each seat labelled and holding its assignment)
 * and `compacto` (`?formato=compacto`, the seating screen's: seat ids per section, assignments listed once).
 */
export const SEATING_MAP_FORMATS = ['completo', 'compacto'] as const;
export type SeatingMapFormat = (typeof SEATING_MAP_FORMATS)[number];

/** What both forms share around the map itself. */
interface SeatingMapEnvelope {
  evento: { id: number; titulo: string; fecha_evento: string; estado: string };
  /** The seating version the map reflects; pushed deltas carry the next ones. */
  version: string;
  totals: { asientos: number; asignados: number };
  /** The event's latest mass assignment (for its progress and the undo), if any. */
  last_mass_assignment: MassAssignmentResponse | null;
}

/** The compact form (`?formato=compacto`): what the seating screen reads, labels computed on the client. */
export interface SeatingMapCompactResponse extends SeatingMapEnvelope {
  formato: 'compacto';
  seating_map: SeatingEspacio[];
  asignaciones: SeatingAssignment[];
}

/** The person of a seat's assignment in the spec's form (spec 2 §3 Persona as attendee: empresa, puesto, sector as objects). */
export interface SeatingMapPersona {
  id: number;
  nombre_completo: string;
  empresa_id: number | null;
  empresa: { id: number; nombre: string } | null;
  puesto: { nombre: string } | null;
  sector_id: number | null;
  sector: { id: number; nombre: string } | null;
}

/** A seat's assignment (spec 2 §3: id, persona, estado, attendance_status), plus the mass assignment that gave it. */
export interface SeatingMapAsignacion {
  id: number;
  persona: SeatingMapPersona;
  estado: 'asignado';
  attendance_status: Confirmacion;
  asignacion_masiva_id: string | null;
}

/**
 * A seat (spec 2 §3 Asiento), labelled by the seat-label engine (rules/seat-layout.ts). `id` null: a place
 * of the section with no stored seat ('not registered', spec 2 §4), which cannot be assigned.
 */
export interface SeatingMapAsiento {
  id: number | null;
  seccion_id: number;
  fila: number;
  numero: number;
  codigo: string;
  displayCode: string;
  asignacion: SeatingMapAsignacion | null;
}

export interface SeatingMapSeccion extends Omit<SeatingSeccion, 'seat_ids'> {
  espacio_id: number;
  /** Row by row, seat by seat: (fila 1, numero 1), (1, 2) … */
  asientos: SeatingMapAsiento[];
}

export interface SeatingMapEspacio extends Omit<SeatingEspacio, 'secciones'> {
  secciones: SeatingMapSeccion[];
}

/** The default form (spec 2 §3, §7): spaces → secciones → asientos, each seat with its labels and assignment. */
export interface SeatingMapResponse extends SeatingMapEnvelope {
  formato: 'completo';
  seating_map: SeatingMapEspacio[];
}

/**
 * A mass assignment's batch, packed (rules/seating-delta.ts packs and unpacks it): one row per seat given,
 * [assignment id, seat id, persona id, attendance_status, nombre_completo, empresa, puesto, sector], where
 * empresa, puesto and sector are indexes into the lists below (-1 = none), so each name travels once.
 * About a quarter of the size of the same assignments written out, for thousands of seats per push.
 */
export interface SeatingPlaced {
  rows: Array<[number, number, number, Confirmacion, string, number, number, number]>;
  empresas: Array<[number, string]>;
  puestos: string[];
  sectores: Array<[number, string]>;
}

/** A change of the seating map: what was assigned and which assignments were released, at `version`. */
export interface SeatingDelta {
  event_id: number;
  version: string;
  assigned: SeatingAssignment[];
  /** Released assignments: [assignment id, seat id, persona id]. */
  released: Array<[number, number, number]>;
  mass_assignment_id?: string | null;
  /** A mass assignment's batch (then `assigned` is empty): the same assignments, packed. */
  placed?: SeatingPlaced;
}

export interface SeatingPresenceUser {
  id: number;
  name: string;
}

/**
 * What spaces asks seating before an edit removes seats, without naming the seating area: seating provides it
 * (SeatingModule, global), spaces injects it by this class.
 */
export abstract class HeldSeats {
  /** How many of these seats some event has assigned. */
  abstract countHeld(asientoIds: number[]): Promise<number>;
  /** Whether a failed write deleted a seat that an event holds (the seat assignments' foreign key refused it). */
  abstract isHeldSeatDeletion(err: unknown): boolean;
}
