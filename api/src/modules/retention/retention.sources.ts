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
  const afterEvent = `${months(r.externalEventsMonths)} después de que termina el evento`;
  const afterProgram = `${months(r.programsMonths)} después de que termina el programa`;
  return [
    {
      clave: 'registros_eventos',
      area: 'Eventos Externos',
      datos: 'Registros',
      accion: 'anonimizar',
      plazo: afterEvent,
      cutoff: (now) => monthsBefore(now, r.externalEventsMonths),
      count: (cutoff) => registrations.countEndedBefore(cutoff),
      apply: async (m, cutoff) => forgotten(m, await registrations.anonymizeEndedBefore(m, cutoff)),
    },
    {
      clave: 'lista_espera_eventos',
      area: 'Eventos Externos',
      datos: 'Lista de espera',
      accion: 'anonimizar',
      plazo: afterEvent,
      cutoff: (now) => monthsBefore(now, r.externalEventsMonths),
      count: (cutoff) => waitlist.countEndedBefore(cutoff),
      apply: async (m, cutoff) => forgotten(m, await waitlist.anonymizeEndedBefore(m, cutoff)),
    },
    {
      clave: 'solicitudes_programas',
      area: 'Programas y Servicios',
      datos: 'Solicitudes',
      accion: 'anonimizar',
      plazo: afterProgram,
      cutoff: (now) => monthsBefore(now, r.programsMonths),
      count: (cutoff) => programs.countEndedBefore(cutoff),
      apply: async (m, cutoff) => forgotten(m, await programs.anonymizeEndedBefore(m, cutoff)),
    },
    {
      clave: 'lista_espera_programas',
      area: 'Programas y Servicios',
      datos: 'Lista de espera',
      accion: 'anonimizar',
      plazo: afterProgram,
      cutoff: (now) => monthsBefore(now, r.programsMonths),
      count: (cutoff) => programWaitlist.countEndedBefore(cutoff),
      apply: async (m, cutoff) => forgotten(m, await programWaitlist.anonymizeEndedBefore(m, cutoff)),
    },
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
  ];
}

/** The area repositories retention asks (each needs only the data source) and the sources built on them. */
export const RETENTION_PROVIDERS: Provider[] = [
  AuditRepository,
  RegistrationsRepository,
  ExternalWaitlistRepository,
  ProgramsRepository,
  ProgramWaitlistRepository,
  MailRepository,
  ImportsRepository,
  {
    provide: RETENTION_SOURCES,
    useFactory: sources,
    inject: [
      APP_CONFIG,
      AuditRepository,
      RegistrationsRepository,
      ExternalWaitlistRepository,
      ProgramsRepository,
      ProgramWaitlistRepository,
      MailRepository,
      ImportsRepository,
    ],
  },
];
