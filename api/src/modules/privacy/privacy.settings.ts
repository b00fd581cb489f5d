import { defineSettings } from '@core/config/app-config';
import { readDateList, readInt } from '@core/config/env-readers';

/** The terms of ARCO requests (docs/decisions/privacidad.md). */
export interface PrivacySettings {
  /** PRIVACY_DUE_BUSINESS_DAYS: the ARCO answer term, business days from receipt (LGPDPPSO art. 51: 20). */
  privacyDueBusinessDays: number;
  /** PRIVACY_REMINDER_BUSINESS_DAYS: the staff are mailed this many business days before a request is due. */
  privacyReminderBusinessDays: number;
  /** PRIVACY_HOLIDAYS: the non-business days besides weekends (YYYY-MM-DD); null: LFT art. 74's rest days of each year. */
  privacyHolidays: string[] | null;
}

export const PRIVACY_SETTINGS = defineSettings<PrivacySettings>((env) => ({
  privacyDueBusinessDays: readInt(env, 'PRIVACY_DUE_BUSINESS_DAYS', 20, 1, 120),
  privacyReminderBusinessDays: readInt(env, 'PRIVACY_REMINDER_BUSINESS_DAYS', 5, 0, 60),
  privacyHolidays: readDateList(env, 'PRIVACY_HOLIDAYS'),
}));
