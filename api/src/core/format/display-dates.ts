/** Server-side display of dates (CSV exports): es-MX, in the configured zone, 12-hour 'a. m.'/'p. m.'. */
export function normalizeMeridiem(text: string): string {
  return text.replace(/\s?a\.\s?m\./gi, ' a. m.').replace(/\s?p\.\s?m\./gi, ' p. m.');
}

export function formatDateTimeMx(date: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('es-MX', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(date);
  return normalizeMeridiem(text.replace(/\u00a0|\u202f/g, ' '));
}

/** 'YYYY-MM-DD' of a date as seen in the zone. */
export function isoDateInZone(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** A stored calendar date 'YYYY-MM-DD' as 'DD/MM/YYYY'. */
export function formatCalendarDateMx(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}
