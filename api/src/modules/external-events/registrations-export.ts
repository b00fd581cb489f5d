import type { ExternalRegistrationEntity } from '@modules/external-events/external-registration.entity';
import { csvDocument } from '@shared/rules/csv';
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
  'Código de Acceso',
];

export const REGISTRATION_STATUS_LABELS: Record<string, string> = {
  registered: 'Registrado',
  attended: 'Asistió',
  no_show: 'No Asistió',
  cancelled: 'Cancelado',
};

/** Spec 1 §9 (and the door code at the end: docs/decisions/eventos-externos.md «Código de acceso (puerta)»): byte-order mark, CRLF line endings, fields quoted when they contain a comma, quote or newline. */
export function registrationsCsv(rows: ExternalRegistrationEntity[], timeZone: string): string {
  return csvDocument([
    CSV_COLUMNS,
    ...rows.map((r) => [
      r.nombre,
      r.apellidoPaterno,
      r.apellidoMaterno,
      r.fechaNacimiento ? formatCalendarDateMx(r.fechaNacimiento) : '',
      r.phone,
      r.email,
      r.empresa,
      r.tipoParticipante,
      REGISTRATION_STATUS_LABELS[r.status] ?? r.status,
      formatDateTimeMx(r.createdAt, timeZone),
      r.codigo,
    ]),
  ]);
}
