/**
 * Pure helpers of the attendee board: the search of spec 2 §5, the pagination window of §9 and the
 * CSV export of §9 (built in the browser, no call).
 */
import type { AsistenteResponse } from '@shared/contracts/internal-events.contract';
import { csvDocument } from '@shared/rules/csv';
import { CONFIRMACION_LABELS } from './labels';

/** Lower case, accents removed. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Case- and accent-insensitive; every typed word must appear in the name, company, position or code. */
export function matchesSearch(a: AsistenteResponse, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold([a.nombre_completo, a.empresa?.nombre ?? '', a.puesto?.nombre ?? '', a.pivot.confirmation_code].join(' '));
  return words.every((w) => haystack.includes(w));
}

export function seatLabel(a: AsistenteResponse): string {
  return a.asiento ? `${a.asiento.seccion.nombre} - ${a.asiento.codigo}` : 'Sin asignar';
}

export const CSV_COLUMNS = ['NOMBRE', 'EMPRESA', 'PUESTO', 'SECCIÓN/ASIENTO', 'CÓDIGO', 'CONFIRMACIÓN', 'TELÉFONO CELULAR'] as const;

const orNA = (v: string | null | undefined) => (v && v.trim() ? v : 'N/A');

/** The file's text: byte-order mark, the columns, 'N/A' for missing values, 'Sin asignar' for no seat, formulas neutralised. */
export function attendeesCsv(asistentes: readonly AsistenteResponse[]): string {
  return csvDocument([
    [...CSV_COLUMNS],
    ...asistentes.map((a) => [
      orNA(a.nombre_completo),
      orNA(a.empresa?.nombre),
      orNA(a.puesto?.nombre),
      seatLabel(a),
      orNA(a.pivot.confirmation_code),
      CONFIRMACION_LABELS[a.pivot.confirmacion] ?? a.pivot.confirmacion,
      orNA(a.telefono_celular || a.telefono),
    ]),
  ]);
}

/** asistentes_{title slug}_{date}.csv */
export function attendeesCsvName(titulo: string, date: string): string {
  const slug = fold(titulo)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `asistentes_${slug || 'evento'}_${date}.csv`;
}
