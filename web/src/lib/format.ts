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

/** "7:43 p. m." */
export function formatTime(value: string | number | Date, timeZone = configState.tz_display): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = formatter(timeZone, { hour: 'numeric', minute: '2-digit', hour12: true }).formatToParts(date);
  const hour = parts.find((p) => p.type === 'hour')?.value ?? '';
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '';
  const period = (parts.find((p) => p.type === 'dayPeriod')?.value ?? '').trim().toLowerCase();
  const suffix = period.startsWith('a') ? 'a. m.' : period.startsWith('p') ? 'p. m.' : '';
  return suffix ? `${hour}:${minute} ${suffix}` : `${hour}:${minute}`;
}

/** "21 de noviembre de 2026, 7:43 p. m." */
export function formatDateTime(value: string | number | Date, timeZone = configState.tz_display): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date, timeZone)}, ${formatTime(date, timeZone)}`;
}
