/** GET /api/public/eventos.ics: the public events as an iCalendar feed (no personal data; cacheable). */
export const CALENDAR_FEED_PATH = '/api/public/eventos.ics';

/**
 * The same feed as a webcal:// address: calendar apps (Apple Calendar, Outlook, Thunderbird) open it as a
 * subscription that they refresh, rather than a one-time import.
 */
export function calendarSubscribeUrl(): string {
  return `webcal://${window.location.host}${CALENDAR_FEED_PATH}`;
}

/** GET /api/eventos/{slug}/evento.ics: one public event as a file to add to a calendar. */
export function eventCalendarPath(slug: string): string {
  return `/api/eventos/${encodeURIComponent(slug)}/evento.ics`;
}
