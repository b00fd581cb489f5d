import type { CompletenessLevel } from '@shared/contracts/personas.contract';

/** Filters of GET /api/personas (empty values are left out of the query). */
export interface PersonasQuery {
  page: number;
  search: string;
  sector_id: string;
  empresa_id: string;
  completeness_level: CompletenessLevel | '';
}

/**
 * The body of POST /api/personas and PUT /api/personas/{id} (spec 3 §7): the form's fields, catalogue
 * ids, `fecha_nacimiento` composed from the three selects ('YYYY-MM-DD') or null. Empty strings mean "not set".
 */
export interface PersonaPayload {
  profesion_id: number | null;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  fecha_nacimiento: string | null;
  sector_id: number | null;
  empresa_id: number | null;
  puesto_id: number | null;
  particular_asistente: string;
  telefono_oficina: string;
  extension_oficina: string;
  telefono_celular: string;
  correo_electronico: string;
  direccion_calle: string;
  direccion_numero: string;
  direccion_colonia: string;
  direccion_ciudad: string;
  direccion_estado: string;
  direccion_alterna_calle: string;
  direccion_alterna_numero: string;
  direccion_alterna_colonia: string;
  direccion_alterna_ciudad: string;
  direccion_alterna_estado: string;
  zona_id: number | null;
  invita: string;
}
