import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { PrivacySettings } from './privacy.settings';
import { addBusinessDays, businessDaysBetween, dateInZone, lftHolidaySet, type IsoDate } from '@shared/rules/business-days';

/**
 * The legal terms of an ARCO request in the municipality's calendar (docs/decisions/privacidad.md): the due date
 * is PRIVACY_DUE_BUSINESS_DAYS business days after the day of receipt (LGPDPPSO art. 51: 20, from the day after
 * receipt), weekends and PRIVACY_HOLIDAYS (default: LFT art. 74's rest days) skipped, days in TZ_DISPLAY.
 */
@Injectable()
export class PrivacyTerms {
  private readonly configured: ReadonlySet<IsoDate> | null;

  constructor(
    @Inject(APP_CONFIG)
    private readonly config: Pick<AppConfig, 'tzDisplay'> & PrivacySettings,
  ) {
    this.configured = config.privacyHolidays ? new Set(config.privacyHolidays) : null;
  }

  /** The holidays around a date (LFT's of the years a term can span, or the configured list). */
  holidays(around: IsoDate): ReadonlySet<IsoDate> {
    if (this.configured) return this.configured;
    const year = Number(around.slice(0, 4));
    return lftHolidaySet(year - 1, year + 2);
  }

  today(now: Date = new Date()): IsoDate {
    return dateInZone(now, this.config.tzDisplay);
  }

  /** The last day to answer a request received at `receivedAt`. */
  dueDate(receivedAt: Date): IsoDate {
    const receipt = this.today(receivedAt);
    return addBusinessDays(receipt, this.config.privacyDueBusinessDays, this.holidays(receipt));
  }

  /** Business days from today to the due date (0 on the day itself; negative once past it). */
  businessDaysLeft(dueDate: IsoDate, now: Date = new Date()): number {
    const today = this.today(now);
    const holidays = this.holidays(today);
    return today <= dueDate ? businessDaysBetween(today, dueDate, holidays) : -businessDaysBetween(dueDate, today, holidays);
  }

  /** The reminders go for requests due on or before this day. */
  remindBy(now: Date = new Date()): IsoDate {
    const today = this.today(now);
    return addBusinessDays(today, this.config.privacyReminderBusinessDays, this.holidays(today));
  }

  get dueBusinessDays(): number {
    return this.config.privacyDueBusinessDays;
  }
}
