import type {
  AsistenteResponse,
  EspacioSummary,
  InternalEventResponse,
  PersonaDisponible,
  PublicInternalEvent,
  SeatRef,
} from '@shared/contracts/internal-events.contract';
import type { AsistenteRow, EspacioRow, InternalEventRow, PersonaDisponibleRow } from './internal-events.repository';
import { iso } from '@core/format/iso';

const fullName = (p: { nombre: string; apellido_paterno: string; apellido_materno: string }) =>
  [p.nombre, p.apellido_paterno, p.apellido_materno].filter(Boolean).join(' ');

/** The event and its counters: what anyone may see (the public page), and the base of the staff view. */
export function toPublicInternalEvent(row: InternalEventRow): PublicInternalEvent {
  return {
    id: row.id,
    slug: row.slug,
    titulo: row.titulo,
    descripcion: row.descripcion,
    fecha_evento: iso(row.fecha_evento)!,
    fecha_fin: iso(row.fecha_fin),
    ubicacion: row.ubicacion,
    tipo: row.tipo,
    estado: row.estado,
    asistentes_count: row.asistentes_count ?? 0,
    asistentes_confirmados_count: row.asistentes_confirmados_count ?? 0,
    asistentes_pendientes_count: row.asistentes_pendientes_count ?? 0,
    asistentes_asistieron_count: row.asistentes_asistieron_count ?? 0,
    version: row.version,
  };
}

/** Staff view: the public fields plus notes, seat selection, spaces, failed confirmations and timestamps. */
export function toInternalEventResponse(row: InternalEventRow, espacios: EspacioSummary[] = [], failed24h = 0): InternalEventResponse {
  return {
    ...toPublicInternalEvent(row),
    notas: row.notas ?? [],
    permite_seleccion_asiento: row.permite_seleccion_asiento,
    espacios,
    intentos_fallidos_24h: failed24h,
    aforo_maximo: row.aforo_maximo ?? null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

/** A space of the event with its capacity and, per section, the seats assigned in this event (seating's count). */
export function toEspacioSummary(row: EspacioRow, assigned: ReadonlyMap<number, number> | undefined): EspacioSummary {
  const secciones = row.secciones.map((s) => ({ ...s, asignados: assigned?.get(s.id) ?? 0 }));
  const capacidad_total = secciones.reduce((sum, s) => sum + Number(s.capacidad), 0);
  return { id: row.id, nombre: row.nombre, capacidad_total, secciones };
}

/** An attendee and their seat (read from seating), if any. */
export function toAsistenteResponse(row: AsistenteRow, seat: SeatRef | null): AsistenteResponse {
  return {
    id: row.id,
    nombre: row.nombre,
    apellido_paterno: row.apellido_paterno,
    apellido_materno: row.apellido_materno,
    nombre_completo: fullName(row),
    correo_electronico: row.correo_electronico,
    telefono_celular: row.telefono_celular,
    telefono: row.telefono,
    empresa_id: row.empresa_id,
    empresa: row.empresa_id !== null && row.empresa_nombre !== null ? { id: row.empresa_id, nombre: row.empresa_nombre } : null,
    puesto: row.puesto_nombre !== null ? { nombre: row.puesto_nombre } : null,
    sector_id: row.sector_id,
    sector: row.sector_id !== null && row.sector_nombre !== null ? { id: row.sector_id, nombre: row.sector_nombre } : null,
    pivot: {
      confirmacion: row.confirmacion,
      confirmation_code: row.confirmation_code,
      invitacion_enviada_at: iso(row.invitacion_enviada_at ?? null),
    },
    asiento: seat,
  };
}

export function toPersonaDisponible(row: PersonaDisponibleRow): PersonaDisponible {
  return {
    id: row.id,
    nombre_completo: fullName(row),
    correo_electronico: row.correo_electronico,
    empresa: row.empresa,
    puesto: row.puesto,
  };
}
