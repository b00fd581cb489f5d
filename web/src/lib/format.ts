/**
 * Dates in Spanish (Mexico), in the configured time zone, 12-hour clock written 'a. m.' / 'p. m.'.
 * ICU versions differ ('p.m.', 'p. m.', narrow spaces...), so the day period is rebuilt from parts.
 */
import { configState } from './config';

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let cached = formatterCache.get(key);
  if (!cached) {
    try {
      cached = new Intl.DateTimeFormat('es-MX', { ...options, timeZone });
    } catch {
      cached = new Intl.DateTimeFormat('es-MX', options);
    }
    formatterCache.set(key, cached);
  }
  return cached;
}

function normalizeSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/** "21 de noviembre de 2026" */
export function formatDate(value: string | number | Date, timeZone = configState.tz_display): string {
  const date = toDate(value);
  if (!date) return '';
  return normalizeSpaces(formatter(timeZone, { day: 'numeric', month: 'long', year: 'numeric' }).format(date));
}

/** "21 nov 2026" */
export function formatShortDate(value: string | number | Date, timeZone = configState.tz_display): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = formatter(timeZone, { day: 'numeric', month: 'short', year: 'numeric' }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')} ${get('month').replace(/\.$/, '')} ${get('year')}`;
}

/** No-break space: a time never wraps inside '10:00 a. m.' (a narrow column would leave 'm.' alone). */
const NBSP = '\u00a0';

/** "7:43 p. m." (joined by no-break spaces) */
export function formatTime(value: string | number | Date, timeZone = configState.tz_display): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = formatter(timeZone, { hour: 'numeric', minute: '2-digit', hour12: true }).formatToParts(date);
  const hour = parts.find((p) => p.type === 'hour')?.value ?? '';
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '';
  const period = (parts.find((p) => p.type === 'dayPeriod')?.value ?? '').trim().toLowerCase();
  const suffix = period.startsWith('a') ? `a.${NBSP}m.` : period.startsWith('p') ? `p.${NBSP}m.` : '';
  return suffix ? `${hour}:${minute}${NBSP}${suffix}` : `${hour}:${minute}`;
}

/** "21 de noviembre de 2026, 7:43 p. m." */
export function formatDateTime(value: string | number | Date, timeZone = configState.tz_display): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date, timeZone)}, ${formatTime(date, timeZone)}`;
}

/** Numeric wall-clock parts of an instant in a time zone (en-US keeps plain digits; h23 avoids "24"). */
const partsCache = new Map<string, Intl.DateTimeFormat>();

function zonedParts(
  date: Date,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  let fmt = partsCache.get(timeZone);
  if (!fmt) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    };
    try {
      fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      fmt = new Intl.DateTimeFormat('en-US', options);
    }
    partsCache.set(timeZone, fmt);
  }
  const parts = fmt.formatToParts(date);
  const num = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: num('year'), month: num('month'), day: num('day'), hour: num('hour') % 24, minute: num('minute'), second: num('second') };
}

/** How far the time zone's wall clock is ahead of UTC at this instant, in ms. */
function zoneOffsetMs(date: Date, timeZone: string): number {
  const p = zonedParts(date, timeZone);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wallAsUtc - (date.getTime() - date.getUTCMilliseconds());
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/**
 * The value of a `datetime-local` input ('YYYY-MM-DDTHH:mm', cut to 16 characters) showing this instant
 * in the display time zone. Empty for an empty or invalid value.
 */
export function toLocalInput(value: string | null | undefined, timeZone = configState.tz_display): string {
  if (!value) return '';
  const date = toDate(value);
  if (!date) return '';
  const p = zonedParts(date, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`.slice(0, 16);
}

/**
 * A `datetime-local` value read as wall-clock time in the display time zone, as an ISO UTC string.
 * Null when the value is empty or malformed. Handles offset changes (checks the offset at the result).
 */
export function fromLocalInput(value: string | null | undefined, timeZone = configState.tz_display): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wall)) return null;
  const firstOffset = zoneOffsetMs(new Date(wall), timeZone);
  let instant = wall - firstOffset;
  const secondOffset = zoneOffsetMs(new Date(instant), timeZone);
  if (secondOffset !== firstOffset) instant = wall - secondOffset;
  return new Date(instant).toISOString();
}

/** Today's date in the display time zone, as a `date` input value ('YYYY-MM-DD'). */
export function todayInputValue(timeZone = configState.tz_display, now: Date = new Date()): string {
  const p = zonedParts(now, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** A calendar date ('YYYY-MM-DD', e.g. a birth date) in words, never shifted by a time zone: "1 de mayo de 1990". */
export function formatCalendarDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return value ?? '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return formatDate(date, 'UTC');
}

/** "7:00 p. m. – 9:30 p. m."; when the end falls on another day: "7:00 p. m. – 22 nov 2026, 1:00 a. m.". */
export function formatTimeRange(start: string, end: string | null | undefined, timeZone = configState.tz_display): string {
  const from = formatTime(start, timeZone);
  if (!end || !toDate(end)) return from;
  const sameDay = toLocalInput(start, timeZone).slice(0, 10) === toLocalInput(end, timeZone).slice(0, 10);
  const to = sameDay ? formatTime(end, timeZone) : `${formatShortDate(end, timeZone)}, ${formatTime(end, timeZone)}`;
  return `${from} – ${to}`;
}

/** The number waiting in a waitlist, a count only (events and programs). */
export function waitlistText(n: number): string {
  if (n <= 0) return 'Nadie en la lista de espera';
  return n === 1 ? '1 persona en la lista de espera' : `${n} personas en la lista de espera`;
}
