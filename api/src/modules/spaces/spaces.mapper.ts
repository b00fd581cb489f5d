import type { EspacioResponse, SeccionResponse } from '@shared/contracts/spaces.contract';
import type { EspacioRow, SeccionRow } from './spaces.repository';
import { iso } from '@core/format/iso';

export function toSeccionResponse(s: SeccionRow): SeccionResponse {
  return {
    id: s.id,
    espacio_id: s.espacio_id,
    nombre: s.nombre,
    codigo: s.codigo,
    color: s.color,
    orden: s.orden,
    filas: s.filas,
    asientos_por_fila: s.asientos_por_fila,
    posicion_x: s.posicion_x,
    posicion_y: s.posicion_y,
    precio_base: s.precio_base === null ? null : Number(s.precio_base),
    total_asientos: s.filas * s.asientos_por_fila,
  };
}

/** A space with its sections (in order), its capacity and who created it. */
export function toEspacioResponse(e: EspacioRow, secciones: SeccionRow[]): EspacioResponse {
  const own = secciones.filter((s) => s.espacio_id === e.id).map(toSeccionResponse);
  return {
    id: e.id,
    nombre: e.nombre,
    descripcion: e.descripcion,
    layout_config: e.layout_config,
    pasillos: e.pasillos ?? [],
    is_active: e.is_active,
    secciones: own,
    secciones_count: own.length,
    capacidad_total: own.reduce((n, s) => n + s.total_asientos, 0),
    eventos_internos_count: e.eventos_internos_count,
    created_by: e.created_by,
    creator: e.created_by !== null && e.creator_name !== null ? { id: e.created_by, name: e.creator_name } : null,
    created_at: iso(e.created_at)!,
    updated_at: iso(e.updated_at)!,
    version: String(e.version),
  };
}
