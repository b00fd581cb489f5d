import type { DoorConflict, DoorKind } from '@shared/contracts/door.contract';
import { apiRequest } from '../../../lib/api-client';
import { doorEventPath } from '../../../lib/door-alarms';

/** GET /api/eventos-{externos|internos}/{id}/check-in/conflicts → the same code let in by two gates offline, newest first. */
export function getConflicts(kind: DoorKind, eventId: number): Promise<{ conflicts: DoorConflict[] }> {
  return apiRequest<{ conflicts: DoorConflict[] }>(`${doorEventPath(kind, eventId)}/check-in/conflicts`);
}
