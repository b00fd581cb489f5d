import type { ExternalRegistrationEntity } from '@core/entities';
import { formatCalendarDateMx, formatDateTimeMx } from '@core/format/display-dates';

export const CSV_COLUMNS = [
  'Nombre',
  'Apellido Paterno',
  'Apellido Materno',
  'Fecha Nacimiento',
  'Teléfono',
  'Correo Electrónico',
  'Empresa',
  'Tipo de Participante',
  'Estado',
  'Fecha de Registro',
];

export const REGISTRATION_STATUS_LABELS: Record<string, string> = {
  registered: 'Registrado',
  attended: 'Asistió',
  no_show: 'No Asistió',
  cancelled: 'Cancelado',
};

/**
 * A spreadsheet would run a cell starting with =, +, -, @, tab or CR as a formula: such cells are
 * prefixed with an apostrophe. Phones are stored as 10 digits, so they stay as they are.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvCell(value: string | null | undefined): string {
  const text = neutralizeFormula(value ?? '');
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Spec 1 §9: byte-order mark, CRLF line endings, fields quoted when they contain a comma, quote or newline. */
export function registrationsCsv(rows: ExternalRegistrationEntity[], timeZone: string): string {
  const lines = [CSV_COLUMNS.map(csvCell).join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.nombre,
        r.apellidoPaterno,
        r.apellidoMaterno,
        formatCalendarDateMx(r.fechaNacimiento),
        r.phone,
        r.email,
        r.empresa,
        r.tipoParticipante,
        REGISTRATION_STATUS_LABELS[r.status] ?? r.status,
        formatDateTimeMx(r.createdAt, timeZone),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}
