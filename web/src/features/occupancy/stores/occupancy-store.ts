/**
 * One event's occupancy board: loaded once, then moved by the pushes of room door:{kind}:{id}
 * (`door.occupancy`, read by the server once per relay batch) and reloaded after a reconnect. The sparkline's
 * last hour comes with the load; each push moves its current minute (adding the minutes that passed).
 */
import { proxy } from 'valtio';
import type { DoorConflict, DoorKind, DoorOccupancy, DoorOccupancyResponse } from '@shared/contracts/door.contract';
import { applyDoorLevel } from '../../../lib/door-alarms';
import { createLatest, loadLatest } from '../../../lib/loader';
import { getConflicts } from '../api/get-conflicts';
import { getOccupancy } from '../api/get-occupancy';

export const occupancyState = proxy<{
  kind: DoorKind | null;
  eventId: number | null;
  occupancy: DoorOccupancyResponse | null;
  conflicts: DoorConflict[];
  loaded: boolean;
}>({ kind: null, eventId: null, occupancy: null, conflicts: [], loaded: false });

const latest = createLatest();
const latestConflicts = createLatest();

const isThisBoard = (kind: DoorKind, eventId: number) => occupancyState.kind === kind && occupancyState.eventId === eventId;

const MINUTE_MS = 60_000;
const minuteOf = (iso: string) => Math.floor(new Date(iso).getTime() / MINUTE_MS) * MINUTE_MS;

/**
 * The last hour with `inside` at `atIso`'s minute: that minute's point moves, the minutes since the last point are
 * added (carrying its value forward, as the server does), and the window keeps as many points as the server sent
 * (DOOR_SERIES_MINUTES: the last hour).
 */
export function advanceSeries(
  series: ReadonlyArray<{ at: string; inside: number }>,
  atIso: string,
  inside: number,
): Array<{ at: string; inside: number }> {
  const points = Math.max(series.length, 1);
  const out = series.map((p) => ({ ...p }));
  const now = minuteOf(atIso);
  const last = out[out.length - 1];
  const lastMinute = last ? minuteOf(last.at) : now - MINUTE_MS;
  if (now < lastMinute) return out; // an older push than the series: nothing to move
  const carried = last?.inside ?? 0;
  for (let m = lastMinute + MINUTE_MS; m <= now && now - m < points * MINUTE_MS; m += MINUTE_MS) {
    out.push({ at: new Date(m).toISOString(), inside: carried });
  }
  out[out.length - 1].inside = inside;
  return out.slice(-points);
}

/** Starts a board for one event (clears what another board left). */
export function resetOccupancy(kind: DoorKind, eventId: number): void {
  latest.invalidate();
  latestConflicts.invalidate();
  occupancyState.kind = kind;
  occupancyState.eventId = eventId;
  occupancyState.occupancy = null;
  occupancyState.conflicts = [];
  occupancyState.loaded = false;
}

/** GET the occupancy (and the conflicts when there are any). Throws on failure (the first load shows it). */
export function loadOccupancy(kind: DoorKind, eventId: number): Promise<void> {
  return loadLatest(latest, () => getOccupancy(kind, eventId), {
    data(o) {
      if (!isThisBoard(kind, eventId)) return;
      occupancyState.occupancy = o;
      occupancyState.loaded = true;
      applyDoorLevel(kind, eventId, o);
      if (o.conflicts !== occupancyState.conflicts.length) void loadConflicts(kind, eventId);
    },
  });
}

export function loadConflicts(kind: DoorKind, eventId: number): Promise<void> {
  return loadLatest(latestConflicts, () => getConflicts(kind, eventId), {
    data({ conflicts }) {
      if (isThisBoard(kind, eventId)) occupancyState.conflicts = conflicts;
    },
    error() {
      // The count on the board stays right; the list comes back with the next push or reconnect.
    },
  });
}

/**
 * A pushed occupancy (or the answer of a supervisor's action). Its `version` grows with every move of the
 * counter; a conflict moves only the conflicts' count, with the same version, so equal versions are applied too.
 */
export function applyOccupancy(o: DoorOccupancy): void {
  const current = occupancyState.occupancy;
  if (!current || !isThisBoard(o.kind, o.event_id)) return;
  if (BigInt(o.version) < BigInt(current.version)) return;
  const conflictsMoved = o.conflicts !== current.conflicts;
  occupancyState.occupancy = {
    ...current,
    ...o,
    sections: o.sections ?? current.sections,
    series: advanceSeries(current.series, o.at, o.inside),
  };
  if (conflictsMoved) void loadConflicts(o.kind, o.event_id);
}
