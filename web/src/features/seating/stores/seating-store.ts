import { proxy, ref } from 'valtio';
import type { Confirmacion, InternalEventResponse } from '@shared/contracts/internal-events.contract';
import type {
  MassAssignmentResponse,
  SeatingAssignment,
  SeatingDelta,
  SeatingEspacio,
  SeatingMapCompactResponse,
  SeatingPresenceUser,
} from '@shared/contracts/seating.contract';
import { unpackPlaced } from '@shared/rules/seating-delta';
import type { SeatState } from '../../../components/seat-map';
import { getSeatingMap } from '../api/seating-api';
import { createSharedRequest } from '../../../lib/loader';

/**
 * The seating screen's state. The big structures (seat ids, assignments by seat) are kept out of valtio's
 * proxy (`ref`) and replaced or patched in place; `rev` grows with every change so the screen repaints.
 */
interface SeatingState {
  eventId: number | null;
  loaded: boolean;
  failed: boolean;
  evento: SeatingMapCompactResponse['evento'] | null;
  version: bigint;
  rev: number;
  espacios: SeatingEspacio[];
  /** Assignment by seat id. */
  bySeat: Map<number, SeatingAssignment>;
  /** Seat id by assignment id. */
  seatOfAssignment: Map<number, number>;
  seatStates: Map<number, SeatState>;
  totalSeats: number;
  mass: MassAssignmentResponse | null;
  presence: SeatingPresenceUser[];
}

export const seatingState = proxy<SeatingState>({
  eventId: null,
  loaded: false,
  failed: false,
  evento: null,
  version: 0n,
  rev: 0,
  espacios: ref([]) as SeatingEspacio[],
  bySeat: ref(new Map()),
  seatOfAssignment: ref(new Map()),
  seatStates: ref(new Map()),
  totalSeats: 0,
  mass: null,
  presence: [],
});

/** Colour of a held seat (spec 2 §4): pendiente yellow, confirmado green, asistio purple, other states green. */
export function stateOfAttendance(status: Confirmacion): SeatState {
  if (status === 'pendiente' || status === 'confirmado' || status === 'asistio') return status;
  return 'assigned';
}

export function resetSeating(eventId: number) {
  heldEtag = null;
  seatingState.eventId = eventId;
  seatingState.loaded = false;
  seatingState.failed = false;
  seatingState.evento = null;
  seatingState.mass = null;
  seatingState.presence = [];
}

function put(a: SeatingAssignment) {
  const old = seatingState.seatOfAssignment.get(a.id);
  if (old !== undefined && old !== a.asiento_id) drop(a.id);
  seatingState.bySeat.set(a.asiento_id, a);
  seatingState.seatOfAssignment.set(a.id, a.asiento_id);
  seatingState.seatStates.set(a.asiento_id, stateOfAttendance(a.attendance_status));
}

function drop(assignmentId: number) {
  const seat = seatingState.seatOfAssignment.get(assignmentId);
  if (seat === undefined) return;
  seatingState.seatOfAssignment.delete(assignmentId);
  if (seatingState.bySeat.get(seat)?.id === assignmentId) {
    seatingState.bySeat.delete(seat);
    seatingState.seatStates.delete(seat);
  }
}

/** The ETag of the map held (revalidated on every reload: an unchanged map costs no body). */
let heldEtag: string | null = null;

async function fetchMap(eventId: number): Promise<void> {
  const answer = await getSeatingMap(eventId, seatingState.loaded && seatingState.eventId === eventId ? heldEtag : null);
  if (seatingState.eventId !== eventId) return;
  seatingState.failed = false;
  if (!answer) return; // 304: what is on screen is the current map
  const map = answer.data;
  heldEtag = answer.etag;
  const bySeat = new Map<number, SeatingAssignment>();
  const seatOfAssignment = new Map<number, number>();
  const seatStates = new Map<number, SeatState>();
  for (const a of map.asignaciones) {
    bySeat.set(a.asiento_id, a);
    seatOfAssignment.set(a.id, a.asiento_id);
    seatStates.set(a.asiento_id, stateOfAttendance(a.attendance_status));
  }
  seatingState.evento = map.evento;
  seatingState.version = BigInt(map.version);
  seatingState.espacios = ref(map.seating_map);
  seatingState.bySeat = ref(bySeat);
  seatingState.seatOfAssignment = ref(seatOfAssignment);
  seatingState.seatStates = ref(seatStates);
  seatingState.totalSeats = map.totals.asientos;
  if (map.last_mass_assignment) seatingState.mass = map.last_mass_assignment;
  seatingState.loaded = true;
  seatingState.rev++;
}

const mapRequests = createSharedRequest<void>();

/**
 * Loads (or reloads) the whole map; calls made while one is in flight share it, and `fresh` ones (a resync
 * after joining the rooms, a missed version) get one that started after they asked. Each reload
 * revalidates the map held, so one that finds nothing changed transfers no body.
 */
export function loadSeating(eventId: number, options: { fresh?: boolean } = {}): Promise<void> {
  return mapRequests(() => fetchMap(eventId), options);
}

/**
 * A pushed delta: applied when it is the next version, ignored when already seen, and a gap (a push
 * missed) reloads the map.
 */
export function applyDelta(delta: SeatingDelta): 'applied' | 'stale' | 'reload' {
  if (delta.event_id !== seatingState.eventId || !seatingState.loaded) return 'stale';
  const v = BigInt(delta.version);
  if (v <= seatingState.version) return 'stale';
  if (v !== seatingState.version + 1n) return 'reload';
  for (const [assignmentId] of delta.released) drop(assignmentId);
  for (const a of delta.assigned) put(a);
  if (delta.placed) for (const a of unpackPlaced(delta.placed, delta.mass_assignment_id ?? null)) put(a);
  seatingState.version = v;
  seatingState.rev++;
  return 'applied';
}

/**
 * The event edited (internal-event.updated): the map's title, date and state follow it; another space
 * means another layout, which only the map itself carries (its freed seats came before, as a delta).
 */
export function applyEventUpdate(event: InternalEventResponse): 'applied' | 'reload' {
  if (event.id !== seatingState.eventId || !seatingState.loaded) return 'applied';
  const held = seatingState.espacios.map((e) => e.id).join(',');
  if (event.espacios.map((e) => e.id).join(',') !== held) return 'reload';
  if (seatingState.evento) {
    seatingState.evento = { ...seatingState.evento, titulo: event.titulo, fecha_evento: event.fecha_evento, estado: event.estado };
  }
  return 'applied';
}

/** A change made elsewhere (detail page, auto-assign) that carries no seating version: patch by person. */
export function setAttendance(personaId: number, status: Confirmacion) {
  for (const a of seatingState.bySeat.values()) {
    if (a.persona.id === personaId) {
      put({ ...a, attendance_status: status });
      seatingState.rev++;
      return;
    }
  }
}
