import type { DoorKind, DoorOccupancyResponse } from '@shared/contracts/door.contract';
import { apiRequest } from '../../../lib/api-client';
import { DOOR_KIND_INFO } from '../door-kinds';

/** GET /api/eventos-{externos|internos}/{id}/occupancy */
export function getOccupancy(kind: DoorKind, id: number): Promise<DoorOccupancyResponse> {
  return apiRequest(`/api/${DOOR_KIND_INFO[kind].segment}/${id}/occupancy`);
}
