import type { DoorKind, DoorOccupancy } from '@shared/contracts/door.contract';
import { apiRequest } from '../../../lib/api-client';
import { doorEventPath } from '../../../lib/door-alarms';

type Answer = { message: string; occupancy: DoorOccupancy };

/** POST …/occupancy/override: a supervisor lets people in at the limit (409 when the venue is not at it). */
export function liftStop(kind: DoorKind, eventId: number): Promise<Answer> {
  return apiRequest<Answer>(`${doorEventPath(kind, eventId)}/occupancy/override`, { method: 'POST' });
}

/** DELETE …/occupancy/override: the door stops again at the limit. */
export function restoreStop(kind: DoorKind, eventId: number): Promise<Answer> {
  return apiRequest<Answer>(`${doorEventPath(kind, eventId)}/occupancy/override`, { method: 'DELETE' });
}

/** POST …/occupancy/empty: 'Vaciar recinto', everyone inside marked out. */
export function emptyVenue(kind: DoorKind, eventId: number): Promise<Answer & { count: number }> {
  return apiRequest<Answer & { count: number }>(`${doorEventPath(kind, eventId)}/occupancy/empty`, { method: 'POST' });
}
