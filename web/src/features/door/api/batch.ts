import type { DoorDirection, DoorKind, DoorOccupancySummary, DoorScanAnswer } from '@shared/contracts/door.contract';
import { apiRequest } from '../../../lib/api-client';
import { DOOR_KIND_INFO } from '../door-kinds';

export interface BatchScan {
  code: string;
  gate: string;
  direction: DoorDirection;
  scan_id: string;
  scanned_at: string;
}

/** POST /api/eventos-{externos|internos}/{id}/check-in/batch → one answer per scan, in the order sent. */
export function postBatch(
  kind: DoorKind,
  id: number,
  scans: BatchScan[],
): Promise<{ results: DoorScanAnswer[]; occupancy: DoorOccupancySummary }> {
  return apiRequest(`/api/${DOOR_KIND_INFO[kind].segment}/${id}/check-in/batch`, { method: 'POST', body: { scans }, idempotent: true });
}
