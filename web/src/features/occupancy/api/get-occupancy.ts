import type { DoorKind, DoorOccupancyResponse } from '@shared/contracts/door.contract';
import { apiRequest } from '../../../lib/api-client';
import { doorEventPath } from '../../../lib/door-alarms';

/** GET /api/eventos-{externos|internos}/{id}/occupancy → inside, capacity, level, gates, sections, the last hour. */
export function getOccupancy(kind: DoorKind, eventId: number): Promise<DoorOccupancyResponse> {
  return apiRequest<DoorOccupancyResponse>(`${doorEventPath(kind, eventId)}/occupancy`);
}
