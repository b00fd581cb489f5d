import {
  GIRO_SECTOR_LABELS,
  PROGRAM_REGISTRATION_STATUS_LABELS,
  TIEMPO_OPERANDO_LABELS,
  type SiNo,
} from '@shared/contracts/programs.contract';
import type { ProgramRegistrationEntity } from '@modules/programs/program-registration.entity';
import { csvDocument } from '@shared/rules/csv';
import { formatCalendarDateMx, formatDateTimeMx } from '@core/format/display-dates';

export const PROGRAM_CSV_COLUMNS = [
  'Nombre',
  'Apellido Paterno',
  'Apellido Materno',
  'Fecha Nacimiento',
  'Celular',
  'Correo Electrónico',
  'Calle',
  'Número',
  'Colonia',
  'Municipio',
  'Tiene Emprendimiento',
  'Nombre del Emprendimiento',
  'Giro o Sector',
  'Tiempo Operando',
  'Redes Sociales',
  'Enlace de Redes Sociales',
  'Negocio Formalizado',
  'RFC',
  'Estado',
  'Notas',
  'Fecha de Registro',
];

const siNo = (v: SiNo | null) => (v === 'si' ? 'Sí' : v === 'no' ? 'No' : '');

/** Same conventions as the external events export (spec 1 §9): BOM, CRLF, quoting, formulas neutralized. */
export function programRegistrationsCsv(rows: ProgramRegistrationEntity[], timeZone: string): string {
  return csvDocument([
    PROGRAM_CSV_COLUMNS,
    ...rows.map((r) => [
      r.nombre,
      r.apellidoPaterno,
      r.apellidoMaterno,
      r.fechaNacimiento ? formatCalendarDateMx(r.fechaNacimiento) : '',
      r.celular,
      r.correoElectronico,
      r.calle,
      r.numero,
      r.colonia,
      r.municipio,
      siNo(r.tieneEmprendimiento),
      r.nombreEmprendimiento,
      r.giroSector === 'otro' && r.giroSectorOtro ? `Otro: ${r.giroSectorOtro}` : r.giroSector ? GIRO_SECTOR_LABELS[r.giroSector] : '',
      r.tiempoOperando ? TIEMPO_OPERANDO_LABELS[r.tiempoOperando] : '',
      siNo(r.tieneRedesSociales),
      r.redesSocialesEnlace,
      siNo(r.negocioFormalizado),
      r.rfc,
      PROGRAM_REGISTRATION_STATUS_LABELS[r.status] ?? r.status,
      r.notas,
      formatDateTimeMx(r.createdAt, timeZone),
    ]),
  ]);
}
