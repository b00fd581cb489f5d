import type { DoorDirection, DoorKind, DoorScanAnswer } from '@shared/contracts/door.contract';
import type { AsistenteResponse } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';
import { DOOR_KIND_INFO } from '../door-kinds';

export interface ScanBody {
  code: string;
  gate: string;
  direction: DoorDirection;
  scan_id: string;
  scanned_at: string;
  /** Internal events: the section a seat is given in when the person has none. */
  seccion_id?: number;
}

/** An internal event's answer keeps today's check-in fields (the attendee and the seat given). */
export type ScanAnswer = DoorScanAnswer & { asistente?: AsistenteResponse };

/** POST /api/eventos-{externos|internos}/{id}/check-in → the judged scan (404: unknown code; 422: malformed). */
export function postScan(kind: DoorKind, id: number, body: ScanBody, signal?: AbortSignal): Promise<ScanAnswer> {
  return apiRequest(`/api/${DOOR_KIND_INFO[kind].segment}/${id}/check-in`, { method: 'POST', body, signal, idempotent: true });
}
