import type { ArcoRequestResponse } from '@shared/contracts/privacy.contract';
import type { ArcoRow } from './privacy.repository';
import { iso } from '@core/format/iso';

/** The request's public reference: `ARCO-<year filed>-<id, 6 digits>`. */
export function folioOf(row: Pick<ArcoRow, 'id' | 'created_at'>): string {
  return `ARCO-${new Date(row.created_at).getUTCFullYear()}-${String(row.id).padStart(6, '0')}`;
}

export function toArcoRequestResponse(row: ArcoRow, businessDaysLeft: (due: string) => number): ArcoRequestResponse {
  return {
    id: row.id,
    folio: folioOf(row),
    tipo: row.tipo,
    nombre: row.nombre,
    email: row.email,
    descripcion: row.descripcion,
    status: row.status,
    recibida_at: iso(row.recibida_at),
    fecha_limite: row.fecha_limite,
    dias_habiles_restantes: row.status === 'pendiente' && row.fecha_limite ? businessDaysLeft(row.fecha_limite) : null,
    resuelta_at: iso(row.resuelta_at),
    respuesta: row.respuesta,
    created_at: iso(row.created_at)!,
  };
}
