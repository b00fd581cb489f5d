/** Server-side display of dates (CSV exports): es-MX, in the configured zone, 12-hour 'a. m.'/'p. m.'. */
export function normalizeMeridiem(text: string): string {
  return text.replace(/\s?a\.\s?m\./gi, ' a. m.').replace(/\s?p\.\s?m\./gi, ' p. m.');
}

/**
 * Building an Intl.DateTimeFormat is far costlier than using one (it showed in the registration
 * profile and would in every CSV row), so each (locale, options, zone) is built once.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return f;
}

const DATE_TIME_MX: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};
const ISO_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

export function formatDateTimeMx(date: Date, timeZone: string): string {
  const text = formatter('es-MX', DATE_TIME_MX, timeZone).format(date);
  return normalizeMeridiem(text.replace(/\u00a0|\u202f/g, ' '));
}

/** 'YYYY-MM-DD' of a date as seen in the zone. */
export function isoDateInZone(date: Date, timeZone: string): string {
  return formatter('en-CA', ISO_DATE, timeZone).format(date);
}

const WALL_CLOCK: Intl.DateTimeFormatOptions = { ...ISO_DATE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };

/**
 * The wall clock of `date` in the zone, as a Date whose UTC fields are that clock (what a spreadsheet cell holds:
 * a date and time with no zone).
 */
export function wallClockInZone(date: Date, timeZone: string): Date {
  const parts = formatter('en-CA', WALL_CLOCK, timeZone).formatToParts(date);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')));
}

/** A stored calendar date 'YYYY-MM-DD' as 'DD/MM/YYYY'. */
export function formatCalendarDateMx(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

const LONG_DATE: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
const TIME_12H: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hour12: true };

/** "sábado, 12 de diciembre de 2026" in the zone (e-mail, where a weekday helps). */
export function formatLongDateMx(date: Date, timeZone: string): string {
  return formatter('es-MX', LONG_DATE, timeZone)
    .format(date)
    .replace(/\u00a0|\u202f/g, ' ');
}

/** "7:00 p. m." in the zone; the day period is rebuilt from parts (ICU versions write it differently). */
export function formatTimeMx(date: Date, timeZone: string): string {
  const parts = formatter('es-MX', TIME_12H, timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const period = get('dayPeriod').trim().toLowerCase();
  const suffix = period.startsWith('a') ? 'a. m.' : period.startsWith('p') ? 'p. m.' : '';
  return suffix ? `${get('hour')}:${get('minute')} ${suffix}` : `${get('hour')}:${get('minute')}`;
}

/** "sábado, 12 de diciembre de 2026, 7:00 p. m." */
export function formatLongDateTimeMx(date: Date, timeZone: string): string {
  return `${formatLongDateMx(date, timeZone)}, ${formatTimeMx(date, timeZone)}`;
}
