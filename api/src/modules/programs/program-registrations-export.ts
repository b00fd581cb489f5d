import {
  GIRO_SECTOR_LABELS,
  PROGRAM_REGISTRATION_STATUS_LABELS,
  TIEMPO_OPERANDO_LABELS,
  type SiNo,
} from '@shared/contracts/programs.contract';
import type { ProgramRegistrationEntity } from '@modules/programs/program-registration.entity';
import { REGISTRANT_COLUMNS, registrantCells, type Sheet, type SheetColumn } from '@core/format/spreadsheet';

const text = (header: string, width?: number): SheetColumn => ({ header, type: 'text', width });

export const PROGRAM_REGISTRATION_COLUMNS: SheetColumn[] = [
  ...REGISTRANT_COLUMNS,
  text('Celular', 14),
  text('Correo Electrónico', 28),
  text('Calle', 20),
  // Text: a street number may be '120-B' or 'S/N'.
  text('Número'),
  text('Colonia', 18),
  text('Municipio', 16),
  text('Tiene Emprendimiento'),
  text('Nombre del Emprendimiento', 24),
  text('Giro o Sector', 20),
  text('Tiempo Operando'),
  text('Redes Sociales'),
  text('Enlace de Redes Sociales', 28),
  text('Negocio Formalizado'),
  text('RFC', 15),
  text('Estado'),
  text('Notas', 30),
  { header: 'Fecha de Registro', type: 'datetime', width: 18 },
];

const siNo = (v: SiNo | null) => (v === 'si' ? 'Sí' : v === 'no' ? 'No' : '');

/** Same conventions as the external events export (spec 1 §9), as CSV or Excel (core/format/spreadsheet.ts). */
export function programRegistrationsSheet(rows: ProgramRegistrationEntity[]): Sheet {
  return {
    name: 'Registros',
    columns: PROGRAM_REGISTRATION_COLUMNS,
    rows: rows.map((r) => [
      ...registrantCells(r),
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
      r.createdAt,
    ]),
  };
}
