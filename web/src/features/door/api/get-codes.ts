import type { DoorCodesResponse, DoorKind } from '@shared/contracts/door.contract';
import { apiRequest } from '../../../lib/api-client';
import { DOOR_KIND_INFO } from '../door-kinds';

/** GET /api/eventos-{externos|internos}/{id}/check-in/codes → the hashed codes a device answers offline with. */
export function getCodes(kind: DoorKind, id: number): Promise<DoorCodesResponse> {
  return apiRequest(`/api/${DOOR_KIND_INFO[kind].segment}/${id}/check-in/codes`);
}
