import type { RegistrationStatus, TipoParticipante } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** The public registration form (spec 1 §3), as sent. */
export interface PublicRegistrationPayload {
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  /** 'YYYY-MM-DD' */
  fecha_nacimiento: string;
  /** Exactly 10 digits. */
  phone: string;
  email: string;
  empresa?: string;
  tipo_participante: TipoParticipante;
}

/** POST /api/eventos/{slug}/register → 201 { message, registration: { id, status } }; 422 / 409 / 404 / 429 otherwise. */
export function registerForEvent(
  slug: string,
  payload: PublicRegistrationPayload,
): Promise<{ message?: string; registration: { id: number; status: RegistrationStatus } }> {
  return apiRequest<{ message?: string; registration: { id: number; status: RegistrationStatus } }>(
    `/api/eventos/${encodeURIComponent(slug)}/register`,
    { method: 'POST', body: payload, auth: 'none' },
  );
}
