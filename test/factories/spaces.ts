import type { EspacioResponse } from '../../api/src/shared/contracts/spaces.contract';
import type { TestApp } from '../setup/test-app';
import { staffForm } from './requests';

let n = 0;

export function seccion(codigo: string, filas = 2, asientos_por_fila = 3, overrides: Record<string, unknown> = {}) {
  return { nombre: `Sección ${codigo}`, codigo, filas, asientos_por_fila, ...overrides };
}

export function espacioBody(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    nombre: `Auditorio Municipal ${n}`,
    descripcion: 'Auditorio principal del Palacio Municipal.',
    layout_config: '2,1',
    pasillos: [],
    secciones: [seccion('A'), seccion('B'), seccion('C', 1, 2)],
    ...overrides,
  };
}

/** Creating and saving a space's form (`espacioBody(overrides)`) as the token's holder; `createEspacio`, the space. */
export const {
  post: postEspacio,
  put: putEspacio,
  create: createEspacio,
} = staffForm<EspacioResponse>('/api/espacios', espacioBody, 'espacio');

/** The stored seats of a space, keyed 'SECCION|fila|numero' → { id, codigo }. */
export async function seatsOf(t: TestApp, espacioId: number): Promise<Map<string, { id: number; codigo: string }>> {
  const rows = await t.query<{ id: number; seccion: string; fila: number; numero: number; codigo: string }>(
    `SELECT a.id, s.codigo AS seccion, a.fila, a.numero, a.codigo
       FROM asientos a JOIN secciones s ON s.id = a.seccion_id WHERE a.espacio_id = $1 ORDER BY a.id`,
    [espacioId],
  );
  return new Map(rows.map((r) => [`${r.seccion}|${r.fila}|${r.numero}`, { id: r.id, codigo: r.codigo }]));
}
