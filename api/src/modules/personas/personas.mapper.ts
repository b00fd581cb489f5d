import type { CatalogueItem, PersonaResponse } from '@shared/contracts/personas.contract';
import { completeness } from '@shared/rules/persona-rules';
import type { PersonaRow } from './personas.repository';
import { iso } from '@core/format/iso';
import { fullName } from '@core/format/person-names';

const item = (id: unknown, nombre: string | null): CatalogueItem | null => (id && nombre ? { id: Number(id), nombre } : null);
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function toPersonaResponse(r: PersonaRow): PersonaResponse {
  const base = {
    id: r.id,
    profesion_id: num(r.profesion_id),
    nombre: String(r.nombre ?? ''),
    apellido_paterno: String(r.apellido_paterno ?? ''),
    apellido_materno: String(r.apellido_materno ?? ''),
    fecha_nacimiento: str(r.fecha_nacimiento),
    sector_id: num(r.sector_id),
    empresa_id: num(r.empresa_id),
    puesto_id: num(r.puesto_id),
    particular_asistente: str(r.particular_asistente),
    telefono_oficina: str(r.telefono_oficina),
    extension_oficina: str(r.extension_oficina),
    telefono_celular: str(r.telefono_celular),
    correo_electronico: str(r.correo_electronico),
    direccion_calle: str(r.direccion_calle),
    direccion_numero: str(r.direccion_numero),
    direccion_colonia: str(r.direccion_colonia),
    direccion_ciudad: str(r.direccion_ciudad),
    direccion_estado: str(r.direccion_estado),
    direccion_alterna_calle: str(r.direccion_alterna_calle),
    direccion_alterna_numero: str(r.direccion_alterna_numero),
    direccion_alterna_colonia: str(r.direccion_alterna_colonia),
    direccion_alterna_ciudad: str(r.direccion_alterna_ciudad),
    direccion_alterna_estado: str(r.direccion_alterna_estado),
    zona_id: num(r.zona_id),
    invita: str(r.invita),
  };
  return {
    ...base,
    nombre_completo: fullName(base),
    profesion: item(r.profesion_id, r.profesion_nombre),
    sector: item(r.sector_id, r.sector_nombre),
    empresa: item(r.empresa_id, r.empresa_nombre),
    puesto: item(r.puesto_id, r.puesto_nombre),
    zona: item(r.zona_id, r.zona_nombre),
    completeness_level: r.completeness_level,
    missing_fields: completeness(base).missing,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}
