import type {
  SeatingAssignment,
  SeatingEspacio,
  SeatingMapAsiento,
  SeatingMapAsignacion,
  SeatingMapEspacio,
} from '@shared/contracts/seating.contract';
import { computeSeatLayout, seatCode, seatDisplayCode } from '@shared/rules/seat-layout';

/** A person's catalogue links in the spec's form (spec 2 §3): empresa, puesto and sector as objects, null when not set. */
export function catalogueLinks(p: {
  empresa_id: number | null;
  empresa: string | null;
  puesto: string | null;
  sector_id: number | null;
  sector: string | null;
}) {
  return {
    empresa_id: p.empresa_id,
    empresa: p.empresa_id !== null && p.empresa !== null ? { id: p.empresa_id, nombre: p.empresa } : null,
    puesto: p.puesto !== null ? { nombre: p.puesto } : null,
    sector_id: p.sector_id,
    sector: p.sector_id !== null && p.sector !== null ? { id: p.sector_id, nombre: p.sector } : null,
  };
}

/** A seat's assignment in the spec's form (spec 2 §3). */
export function toMapAsignacion(a: SeatingAssignment): SeatingMapAsignacion {
  const p = a.persona;
  return {
    id: a.id,
    persona: { id: p.id, nombre_completo: p.nombre_completo, ...catalogueLinks(p) },
    estado: a.estado,
    attendance_status: a.attendance_status,
    asignacion_masiva_id: a.asignacion_masiva_id,
  };
}

/**
 * The spec's seating map (spec 2 §3, §7) from the compact read: each section's seat ids in row-major order
 * become its `asientos`, labelled by the one seat-label engine (`computeSeatLayout` over the space's sections
 * in layout order, as the codes were stored) and holding their assignment.
 */
export function toSpecSeatingMap(espacios: SeatingEspacio[], assignments: SeatingAssignment[]): SeatingMapEspacio[] {
  const bySeat = new Map<number, SeatingAssignment>();
  for (const a of assignments) bySeat.set(a.asiento_id, a);
  return espacios.map(({ secciones, ...espacio }) => {
    const layout = computeSeatLayout(secciones, espacio.layout_config);
    return {
      ...espacio,
      secciones: layout.sections.map((laid) => {
        const { seat_ids, ...seccion } = laid.section;
        const asientos: SeatingMapAsiento[] = new Array(seat_ids.length);
        const perRow = seccion.asientos_por_fila;
        for (let i = 0; i < seat_ids.length; i++) {
          const fila = Math.floor(i / perRow) + 1;
          const numero = (i % perRow) + 1;
          const id = seat_ids[i];
          const held = id === null ? undefined : bySeat.get(id);
          asientos[i] = {
            id,
            seccion_id: seccion.id,
            fila,
            numero,
            codigo: seatCode(laid, fila, numero),
            displayCode: seatDisplayCode(laid, fila, numero),
            asignacion: held ? toMapAsignacion(held) : null,
          };
        }
        return { ...seccion, espacio_id: espacio.id, asientos };
      }),
    };
  });
}
