import { defineSettings } from '@core/config/app-config';
import { readInt } from '@core/config/env-readers';

export interface ProgramsSettings {
  /** Program e-mail checks per minute and IP (POST /api/programas/{slug}/check-email): low, so it cannot sweep addresses. */
  programCheckEmailLimitPerMinute: number;
}

export const PROGRAMS_SETTINGS = defineSettings<ProgramsSettings>((env) => ({
  programCheckEmailLimitPerMinute: readInt(env, 'PROGRAM_CHECK_EMAIL_LIMIT_PER_MINUTE', 20, 1, 10_000_000),
}));
