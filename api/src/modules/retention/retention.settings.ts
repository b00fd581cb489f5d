import { defineSettings } from '@core/config/app-config';
import { readInt } from '@core/config/env-readers';

/**
 * Retention per area (docs/decisions/privacidad-conservacion.md): months after an external event or a
 * program ends before its registrations, waitlist entries and applications are anonymised; days after which a
 * message's body is purged and an import's file deleted.
 */
export interface RetentionSettings {
  /** RETENTION_EXTERNAL_EVENTS_MONTHS (12). */
  externalEventsMonths: number;
  /** RETENTION_PROGRAMS_MONTHS (12). */
  programsMonths: number;
  /** RETENTION_MAIL_DAYS (90). */
  mailDays: number;
  /** RETENTION_IMPORTS_DAYS (30). */
  importsDays: number;
}

export const RETENTION_SETTINGS = defineSettings<{ retention: RetentionSettings }>((env) => ({
  retention: {
    externalEventsMonths: readInt(env, 'RETENTION_EXTERNAL_EVENTS_MONTHS', 12, 1, 120),
    programsMonths: readInt(env, 'RETENTION_PROGRAMS_MONTHS', 12, 1, 120),
    mailDays: readInt(env, 'RETENTION_MAIL_DAYS', 90, 1, 3650),
    importsDays: readInt(env, 'RETENTION_IMPORTS_DAYS', 30, 1, 3650),
  },
}));
