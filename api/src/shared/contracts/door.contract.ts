/**
 * The door: scans at the gates of an event of either kind, who is inside, occupancy and its alarms.
 * Wire names are the (`result`, `occupancy`, `gates`, `scan_id`, `scanned_at`…).
 */
import type { Area } from '../permissions';

/** The two kinds of event with a door; each area plugs its adapter into the one door engine. */
export const DOOR_KINDS = ['externo', 'interno'] as const;
export type DoorKind = (typeof DOOR_KINDS)[number];

/** The permission area of each kind: edit scans, view reads the occupancy, delete lifts the stop and empties. */
export const DOOR_AREA: Record<DoorKind, Area> = { externo: 'eventos_externos', interno: 'eventos_internos' };

export const DOOR_DIRECTIONS = ['in', 'out'] as const;
export type DoorDirection = (typeof DOOR_DIRECTIONS)[number];

/**
 * What the door answers. The six (`admitted` … `conflict`), plus two for a code the door knows but may not
 * let in (`cancelled`: the registration was cancelled) and, in a batch only, a code it does not know (`unknown`;
 * online that is a 404).
 */
export const DOOR_RESULTS = ['admitted', 'exited', 'already_inside', 'not_inside', 'full', 'conflict', 'cancelled', 'unknown'] as const;
export type DoorResult = (typeof DOOR_RESULTS)[number];

export const DOOR_LIMITS = {
  /** Characters of a gate's name ('Puerta Norte'). */
  gate: 60,
  /** What a code field may hold: the code itself, or the internal invitation's QR link that carries it. */
  code: 500,
  /** Scans in one batch (a device with more sends several). */
  batch: 1000,
} as const;

/** The gate of a scan that names none. */
export const DEFAULT_GATE = 'Puerta principal';

export interface DoorOccupancySummary {
  inside: number;
  /** The venue's safety limit (aforo máximo del recinto); null when the event has none. */
  capacity: number | null;
}

export interface DoorPerson {
  id: number;
  nombre: string;
  nombre_completo: string;
}

/** One scan's answer (also each item of a batch's answer). */
export interface DoorScanAnswer {
  scan_id: string;
  result: DoorResult;
  message: string;
  gate: string;
  direction: DoorDirection;
  scanned_at: string;
  /** True when this scan_id had been applied before: the stored answer, nothing changed. */
  replayed: boolean;
  occupancy: DoorOccupancySummary;
  person?: DoorPerson;
}

/** A scan as its domain event and its push carry it (ids only: no personal data). */
export interface DoorScanRecord {
  scan_id: string;
  gate: string;
  direction: DoorDirection;
  result: DoorResult;
  scanned_at: string;
  /** Sent in a batch by a device that was offline (it answered locally). */
  offline: boolean;
  /** The registration id (externo) or persona id (interno); null for an unknown code. */
  holder_id: number | null;
  /** For a conflict: the scan that had let the person in. */
  conflict_with: string | null;
}

/** An alarm level crossed (up or down). */
export interface DoorAlarm {
  kind: DoorKind;
  event_id: number;
  level: number;
  previous_level: number;
  inside: number;
  capacity: number | null;
}

export interface DoorGateCounts {
  gate: string;
  in: number;
  out: number;
}

export interface DoorSectionCounts {
  seccion_id: number;
  nombre: string;
  inside: number;
  seats: number;
}

/** GET …/occupancy, and the `door.occupancy` push (without `series`). */
export interface DoorOccupancy extends DoorOccupancySummary {
  kind: DoorKind;
  event_id: number;
  /** The alarm level reached (one of the configured percentages, e.g. 80, 95, 100), 0 below the first. */
  level: number;
  /** The configured alarm levels, ascending (DOOR_ALARM_LEVELS). */
  levels: number[];
  /** At or over the limit and not lifted: the door answers `full`. */
  entry_stopped: boolean;
  /** A supervisor lifted the stop (until the occupancy is below the limit again or they restore it). */
  stop_lifted: boolean;
  gates: DoorGateCounts[];
  /** Per section of the event's space (internal events with a space). */
  sections?: DoorSectionCounts[];
  /** Scans answered `conflict` (the supervisor's list). */
  conflicts: number;
  /** Grows with every change: a push with a lower one is older than what is shown. */
  version: string;
  at: string;
}

/** The event a GET …/occupancy is about, for the board's heading (not in the pushes: it does not move with scans). */
export interface DoorEventSummary {
  titulo: string;
  fecha_evento: string;
}

export interface DoorOccupancyResponse extends DoorOccupancy {
  evento: DoorEventSummary;
  /** People inside at the end of each minute of the last hour, oldest first (the sparkline). */
  series: Array<{ at: string; inside: number }>;
}

/** GET …/check-in/codes: what a door device needs to answer offline, with no personal data. */
export interface DoorCodesResponse {
  kind: DoorKind;
  event_id: number;
  algorithm: 'SHA-256';
  /** Per event; the device hashes `${salt}:${CODE}` (code trimmed, upper case) and looks the hex digest up. */
  salt: string;
  codes: Array<{ hash: string; inside: boolean }>;
  generated_at: string;
}

export interface DoorConflict {
  scan_id: string;
  gate: string;
  scanned_at: string;
  received_at: string;
  person: DoorPerson | null;
  /** The scan that had let the person in, as far as the server knows. */
  admitted_by: { scan_id: string | null; gate: string; scanned_at: string } | null;
}

/** The normalized code: trimmed, upper case; a link with ?codigo= gives its code (the internal invitation's QR). */
export function doorCode(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const fromLink = /[?&]codigo=([^&#\s]+)/i.exec(raw);
  let code = fromLink ? fromLink[1] : raw;
  try {
    code = fromLink ? decodeURIComponent(code) : code;
  } catch {
    // A malformed escape: the text as it came (it will match no code).
  }
  return code.trim().toUpperCase();
}

/** The alarm level of an occupancy: the highest configured level reached (0 without a limit or below the first). */
export function doorLevel(inside: number, capacity: number | null, levels: readonly number[]): number {
  if (!capacity) return 0;
  return levels.filter((l) => inside * 100 >= l * capacity).reduce((a, b) => Math.max(a, b), 0);
}
