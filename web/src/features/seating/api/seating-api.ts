import type { AsistenteResponse } from '@shared/contracts/internal-events.contract';
import type { MassAssignmentResponse, SeatingAssignment, SeatingMapCompactResponse } from '@shared/contracts/seating.contract';
import { apiGetRevalidated, apiRequest } from '../../../lib/api-client';

/**
 * GET /api/eventos-internos/{id}/seating-map?formato=compacto (seat ids per section, the labels computed here by
 * the same engine), revalidated: null when it has not changed since `etag`.
 */
export function getSeatingMap(id: number, etag: string | null): Promise<{ data: SeatingMapCompactResponse; etag: string | null } | null> {
  return apiGetRevalidated(`/api/eventos-internos/${id}/seating-map?formato=compacto`, etag);
}

/** POST /api/eventos-internos/{id}/assign-seat { persona_id, asiento_id } */
export function assignSeat(
  id: number,
  personaId: number,
  asientoId: number,
): Promise<{ message: string; asignacion: SeatingAssignment; version: string }> {
  return apiRequest(`/api/eventos-internos/${id}/assign-seat`, { method: 'POST', body: { persona_id: personaId, asiento_id: asientoId } });
}

/** DELETE /api/eventos-internos/{id}/remove-seat/{assignmentId} */
export function removeSeat(id: number, assignmentId: number): Promise<{ message: string; version: string }> {
  return apiRequest(`/api/eventos-internos/${id}/remove-seat/${assignmentId}`, { method: 'DELETE' });
}

/** POST /api/eventos-internos/{id}/mass-assign-seats { persona_ids, seccion_id } → 202 with the job id. */
export function massAssignSeats(
  id: number,
  personaIds: number[],
  seccionId: number,
): Promise<{ message: string; job_id: string; mass_assignment: MassAssignmentResponse }> {
  return apiRequest(`/api/eventos-internos/${id}/mass-assign-seats`, {
    method: 'POST',
    body: { persona_ids: personaIds, seccion_id: seccionId },
  });
}

/** POST /api/eventos-internos/{id}/mass-assign-seats/{massId}/undo */
export function undoMassAssignment(id: number, massId: string): Promise<{ message: string; released_count: number }> {
  return apiRequest(`/api/eventos-internos/${id}/mass-assign-seats/${massId}/undo`, { method: 'POST' });
}

/** GET /api/eventos-internos/{id}/asistentes (the people the modals offer). */
export function getAsistentes(id: number): Promise<{ asistentes: AsistenteResponse[] }> {
  return apiRequest(`/api/eventos-internos/${id}/asistentes`);
}

export function getSectores(): Promise<{ sectores: Array<{ id: number; nombre: string }> }> {
  return apiRequest('/api/sectores');
}

export function getEmpresas(): Promise<{ empresas: Array<{ id: number; nombre: string }> }> {
  return apiRequest('/api/empresas');
}
