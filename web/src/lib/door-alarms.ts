/**
 * The door's capacity alarms as every staff screen of an event shows them: the level reached, read
 * once when a screen opens (GET …/occupancy) and then moved by the `door.alarm` pushes that reach the event's staff
 * rooms (its board, its door, its seating map). One store for every screen, keyed by event; the banner is
 * components/ui/door-alarm-banner.tsx.
 */
import { proxy } from 'valtio';
import type { DoorAlarm, DoorKind, DoorOccupancyResponse } from '@shared/contracts/door.contract';
import { apiRequest } from './api-client';

export interface DoorAlarmView {
  level: number;
  inside: number;
  capacity: number | null;
  /** When the level was reached (a push's time); null when only read (the screen opened after it was reached). */
  at: string | null;
}

export const doorAlarmState = proxy<{ byEvent: Record<string, DoorAlarmView> }>({ byEvent: {} });

export const doorEventKey = (kind: DoorKind, eventId: number) => `${kind}:${eventId}`;

/** `/api/eventos-externos/{id}` or `/api/eventos-internos/{id}`: the base of an event's door routes. */
export const doorEventPath = (kind: DoorKind, eventId: number) => `/api/eventos-${kind === 'externo' ? 'externos' : 'internos'}/${eventId}`;

/** A pushed alarm (a level crossed, up or down). */
export function applyDoorAlarm(alarm: DoorAlarm, at: string): void {
  doorAlarmState.byEvent[doorEventKey(alarm.kind, alarm.event_id)] = {
    level: alarm.level,
    inside: alarm.inside,
    capacity: alarm.capacity,
    at,
  };
}

/** The level now, from an occupancy read by any screen (the board passes its own; the banner reads it itself). */
export function applyDoorLevel(kind: DoorKind, eventId: number, o: Pick<DoorOccupancyResponse, 'level' | 'inside' | 'capacity'>): void {
  const key = doorEventKey(kind, eventId);
  const shown = doorAlarmState.byEvent[key];
  if (shown && shown.level === o.level && shown.inside === o.inside) return;
  doorAlarmState.byEvent[key] = { level: o.level, inside: o.inside, capacity: o.capacity, at: shown?.level === o.level ? shown.at : null };
}

/** Reads the level now (a screen opening, a reconnect). Silent on failure: the next push or reconnect brings it. */
export async function loadDoorAlarm(kind: DoorKind, eventId: number): Promise<void> {
  try {
    const o = await apiRequest<DoorOccupancyResponse>(`${doorEventPath(kind, eventId)}/occupancy`);
    applyDoorLevel(kind, eventId, o);
  } catch {
    // No banner is better than a wrong one; the screen itself shows its own errors.
  }
}
