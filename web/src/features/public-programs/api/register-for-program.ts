import type { GiroSector, ProgramRegistrationStatus, SiNo, TiempoOperando } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';

/** The public application form (spec 3 §3, §5), as sent. */
export interface ProgramApplicationPayload {
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  /** 'YYYY-MM-DD' */
  fecha_nacimiento: string;
  celular: string;
  correo_electronico: string;
  calle: string;
  numero: string;
  colonia: string;
  municipio: string;
  tiene_emprendimiento: SiNo;
  nombre_emprendimiento?: string;
  giro_sector?: GiroSector;
  giro_sector_otro?: string;
  tiempo_operando?: TiempoOperando;
  tiene_redes_sociales?: SiNo;
  redes_sociales_enlace?: string;
  negocio_formalizado?: SiNo;
  rfc?: string;
}

/** POST /api/programas/{slug}/register → 201 { message, registration }; 422 / 409 / 404 / 429 otherwise. */
export function registerForProgram(
  slug: string,
  payload: ProgramApplicationPayload,
): Promise<{ message?: string; registration: { id: number; status: ProgramRegistrationStatus } }> {
  return apiRequest<{ message?: string; registration: { id: number; status: ProgramRegistrationStatus } }>(
    `/api/programas/${encodeURIComponent(slug)}/register`,
    { method: 'POST', body: payload, auth: 'none' },
  );
}
