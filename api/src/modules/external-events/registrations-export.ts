import type { ExternalRegistrationEntity } from '@modules/external-events/external-registration.entity';
import { REGISTRANT_COLUMNS, registrantCells, type Sheet, type SheetColumn } from '@core/format/spreadsheet';

export const REGISTRATION_COLUMNS: SheetColumn[] = [
  ...REGISTRANT_COLUMNS,
  // Text, not a number: a phone keeps its leading zeros and never turns into 8.11E+09.
  { header: 'Teléfono', type: 'text', width: 14 },
  { header: 'Correo Electrónico', type: 'text', width: 28 },
  { header: 'Empresa', type: 'text', width: 24 },
  { header: 'Tipo de Participante', type: 'text' },
  { header: 'Estado', type: 'text' },
  { header: 'Fecha de Registro', type: 'datetime', width: 18 },
  { header: 'Código de Acceso', type: 'text' },
];

export const REGISTRATION_STATUS_LABELS: Record<string, string> = {
  registered: 'Registrado',
  attended: 'Asistió',
  no_show: 'No Asistió',
  cancelled: 'Cancelado',
};

/**
 * Spec 1 §9 (and the door code at the end: docs/decisions/eventos-externos.md «Código de acceso (puerta)»), written
 * as CSV (byte-order mark, CRLF, quoted fields) or Excel by core/format/spreadsheet.ts.
 */
export function registrationsSheet(rows: ExternalRegistrationEntity[]): Sheet {
  return {
    name: 'Registros',
    columns: REGISTRATION_COLUMNS,
    rows: rows.map((r) => [
      ...registrantCells(r),
      r.phone,
      r.email,
      r.empresa,
      r.tipoParticipante,
      REGISTRATION_STATUS_LABELS[r.status] ?? r.status,
      r.createdAt,
      r.codigo,
    ]),
  };
}
