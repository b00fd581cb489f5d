import type { Provider } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuditRepository } from '@core/audit/audit.repository';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { RetentionSettings } from './retention.settings';
import type { AnonymizedRows } from '@core/privacy/personal-data-registry';
import type { RetentionAction, RetentionKind } from '@shared/contracts/retention.contract';
import { RegistrationsRepository } from '../external-events/registrations.repository';
import { ExternalWaitlistRepository } from '../external-events/external-waitlist.repository';
import { MailRepository } from '../mail/mail.repository';
import { ImportsRepository } from '../personas/import/imports.repository';
import { ProgramWaitlistRepository } from '../programs/program-waitlist.repository';
import { ProgramsRepository } from '../programs/programs.repository';

/**
 * One kind of record retention acts on: its period, and the two questions it asks the owning area's repository —
 * how many are past it (the dry run) and change them (one statement, in the run's transaction). The SQL and the list
 * of personal columns stay in the area (`<area>.personal-data.ts`, `anonymizeEndedBefore`); this is only the adapter.
 */
export interface RetentionSource {
  clave: RetentionKind;
  area: string;
  datos: string;
  accion: RetentionAction;
  plazo: string;
  cutoff(now: Date): Date;
  count(cutoff: Date): Promise<number>;
  apply(manager: EntityManager, cutoff: Date): Promise<number>;
}

export const RETENTION_SOURCES = Symbol('RETENTION_SOURCES');

/** What an area's repository answers for rows anonymised after their event or program ends. */
interface EndedRows {
  countEndedBefore(cutoff: Date): Promise<number>;
  anonymizeEndedBefore(manager: EntityManager, cutoff: Date): Promise<AnonymizedRows>;
}

const monthsBefore = (now: Date, months: number) => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const months = (n: number) => (n === 1 ? '1 mes' : `${n} meses`);
const days = (n: number) => (n === 1 ? '1 día' : `${n} días`);

/** The kinds in the order the screen lists them, each with its area's setting (retention.settings.ts). */
function sources(
  config: AppConfig & { retention: RetentionSettings },
  audit: AuditRepository,
  registrations: RegistrationsRepository,
  waitlist: ExternalWaitlistRepository,
  programs: ProgramsRepository,
  programWaitlist: ProgramWaitlistRepository,
  mail: MailRepository,
  imports: ImportsRepository,
): RetentionSource[] {
  const r = config.retention;
  /** Anonymised rows lose their personal data in the audit trail too (as an ARCO cancellation's): how many changed. */
  const forgotten = async (m: EntityManager, rows: AnonymizedRows): Promise<number> => {
    if (rows.resourceType) await audit.forgetPersonalData(m, rows.resourceType, rows.ids);
    return rows.ids.length;
  };
  /** A kind anonymised in place `monthsAfter` months after its event or program ends, asked of its area's repository. */
  const anonymised = (
    clave: RetentionKind,
    area: string,
    datos: string,
    plazo: string,
    monthsAfter: number,
    repo: EndedRows,
  ): RetentionSource => ({
    clave,
    area,
    datos,
    accion: 'anonimizar',
    plazo,
    cutoff: (now) => monthsBefore(now, monthsAfter),
    count: (cutoff) => repo.countEndedBefore(cutoff),
    apply: async (m, cutoff) => forgotten(m, await repo.anonymizeEndedBefore(m, cutoff)),
  });
  const afterEvent = `${months(r.externalEventsMonths)} después de que termina el evento`;
  const afterProgram = `${months(r.programsMonths)} después de que termina el programa`;
  return [
    anonymised('registros_eventos', 'Eventos Externos', 'Registros', afterEvent, r.externalEventsMonths, registrations),
    anonymised('lista_espera_eventos', 'Eventos Externos', 'Lista de espera', afterEvent, r.externalEventsMonths, waitlist),
    anonymised('solicitudes_programas', 'Programas y Servicios', 'Solicitudes', afterProgram, r.programsMonths, programs),
    anonymised('lista_espera_programas', 'Programas y Servicios', 'Lista de espera', afterProgram, r.programsMonths, programWaitlist),
    {
      clave: 'cuerpos_correos',
      area: 'Correos',
      datos: 'Contenido de los correos',
      accion: 'purgar',
      plazo: `${days(r.mailDays)} después de creado`,
      cutoff: (now) => daysBefore(now, r.mailDays),
      count: (cutoff) => mail.countBodiesBefore(cutoff),
      apply: (m, cutoff) => mail.purgeBodiesBefore(m, cutoff),
    },
    {
      clave: 'archivos_importacion',
      area: 'Personas',
      datos: 'Archivos CSV importados',
      accion: 'eliminar',
      plazo: `${days(r.importsDays)} después de terminar la importación`,
      cutoff: (now) => daysBefore(now, r.importsDays),
      count: (cutoff) => imports.countFilesBefore(cutoff),
      apply: (m, cutoff) => imports.deleteFilesBefore(m, cutoff),
    },
    {
      clave: 'filas_importacion',
      area: 'Personas',
      datos: 'Filas de importación por revisar',
      accion: 'anonimizar',
      plazo: `${days(r.importsDays)} después de terminar la importación`,
      cutoff: (now) => daysBefore(now, r.importsDays),
      count: (cutoff) => imports.countReviewRowsBefore(cutoff),
      apply: (m, cutoff) => imports.anonymizeReviewRowsBefore(m, cutoff),
    },
  ];
}

/** The area repositories retention asks (each needs only the data source), in the order `sources` takes them. */
const REPOSITORIES = [
  AuditRepository,
  RegistrationsRepository,
  ExternalWaitlistRepository,
  ProgramsRepository,
  ProgramWaitlistRepository,
  MailRepository,
  ImportsRepository,
] as const;

/** The repositories and the sources built on them. */
export const RETENTION_PROVIDERS: Provider[] = [
  ...REPOSITORIES,
  { provide: RETENTION_SOURCES, useFactory: sources, inject: [APP_CONFIG, ...REPOSITORIES] },
];
