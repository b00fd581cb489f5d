import type { SeatingAssignment, SeatingPlaced } from '../contracts/seating.contract';

/** Packs a mass assignment's batch for its push: each empresa, puesto and sector name once (SeatingPlaced). */
export function packPlaced(assigned: SeatingAssignment[]): SeatingPlaced {
  const empresas = new Map<number, number>();
  const puestos = new Map<string, number>();
  const sectores = new Map<number, number>();
  const placed: SeatingPlaced = { rows: [], empresas: [], puestos: [], sectores: [] };
  const indexOf = <K>(index: Map<K, number>, key: K, add: () => void): number => {
    let i = index.get(key);
    if (i === undefined) {
      i = index.size;
      index.set(key, i);
      add();
    }
    return i;
  };
  for (const a of assigned) {
    const p = a.persona;
    const empresa =
      p.empresa_id === null ? -1 : indexOf(empresas, p.empresa_id, () => placed.empresas.push([p.empresa_id!, p.empresa ?? '']));
    const puesto = p.puesto === null ? -1 : indexOf(puestos, p.puesto, () => placed.puestos.push(p.puesto!));
    const sector = p.sector_id === null ? -1 : indexOf(sectores, p.sector_id, () => placed.sectores.push([p.sector_id!, p.sector ?? '']));
    placed.rows.push([a.id, a.asiento_id, p.id, a.attendance_status, p.nombre_completo, empresa, puesto, sector]);
  }
  return placed;
}

/** The assignments of a packed batch, as the seating map answer writes them. */
export function unpackPlaced(placed: SeatingPlaced, massId: string | null): SeatingAssignment[] {
  return placed.rows.map(([id, asiento_id, persona_id, attendance_status, nombre_completo, empresa, puesto, sector]) => ({
    id,
    asiento_id,
    persona: {
      id: persona_id,
      nombre_completo,
      empresa_id: empresa < 0 ? null : placed.empresas[empresa][0],
      empresa: empresa < 0 ? null : placed.empresas[empresa][1],
      puesto: puesto < 0 ? null : placed.puestos[puesto],
      sector_id: sector < 0 ? null : placed.sectores[sector][0],
      sector: sector < 0 ? null : placed.sectores[sector][1],
    },
    estado: 'asignado',
    attendance_status,
    asignacion_masiva_id: massId,
  }));
}
