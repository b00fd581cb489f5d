/**
 * iCalendar (RFC 5545), the one writer of the code base: the .ics that messages attach (modules/mail/render/ics.ts)
 * and the public calendar (modules/external-events/public-calendar.service.ts). Written by hand: what these files
 * need is four rules — CRLF line ends and lines folded at 75 octets without splitting a UTF-8 character (§3.1), TEXT
 * escaping (§3.3.11) and UTC date-times (§3.3.5, form #2) — (docs/decisions/eventos-externos.md, «Calendario público
 * (.ics)»). Times are always UTC: every client shows them in its own zone, and no VTIMEZONE has to be kept in step
 * with Mexico's rules.
 */

export interface IcsEvent {
  /** Globally unique and stable for the life of the entry: a second copy with the same UID updates the first. */
  uid: string;
  /** DTSTAMP (§3.8.7.2). */
  stamp: Date;
  start: Date;
  /** Null: a start and no announced end (a zero-length event, §3.6.1). */
  end: Date | null;
  summary: string;
  location: string | null;
  description?: string;
  url?: string;
  /** What a published calendar adds so that a client applies changes: CREATED, LAST-MODIFIED, SEQUENCE (§3.8.7.4). */
  revision?: { created: Date; lastModified: Date; sequence: number };
  status?: 'CONFIRMED' | 'CANCELLED';
}

export interface IcsCalendar {
  /** PRODID (§3.7.3). */
  productId: string;
  /** METHOD:PUBLISH for an object sent to someone (§3.7.2); a subscribed feed goes without. */
  method?: 'PUBLISH';
  /** NAME (RFC 7986 §5.1) and X-WR-CALNAME: what a subscribed calendar is called. */
  name?: string;
  /** X-WR-TIMEZONE: the zone a client may show the calendar in (the times stay UTC). */
  timeZone?: string;
  /** REFRESH-INTERVAL (RFC 7986 §5.7) and X-PUBLISHED-TTL: how often a subscriber should fetch again. */
  refreshMinutes?: number;
  events: IcsEvent[];
}

/** TEXT (§3.3.11): backslash, semicolon and comma escaped, line breaks as \n, other controls (and bidi overrides) dropped. */
export function escapeIcsText(value: string): string {
  return (
    value
      .replace(/\r\n?|[\u2028\u2029]/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\n/g, '\\n')
  );
}

/** UTC as DATE-TIME form #2 (§3.3.5): 20261213T010000Z. */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** §3.1: lines longer than 75 octets folded (CRLF + space), never inside a UTF-8 sequence. */
export function foldIcsLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    // The character's UTF-8 length from its code point (a native Buffer.byteLength call per character was most of a
    // mail's calendar attachment).
    const cp = ch.codePointAt(0)!;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

function eventLines(e: IcsEvent): string[] {
  const r = e.revision;
  return [
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(e.uid)}`,
    `DTSTAMP:${icsUtc(e.stamp)}`,
    ...(r ? [`CREATED:${icsUtc(r.created)}`, `LAST-MODIFIED:${icsUtc(r.lastModified)}`, `SEQUENCE:${r.sequence}`] : []),
    `DTSTART:${icsUtc(e.start)}`,
    ...(e.end && e.end > e.start ? [`DTEND:${icsUtc(e.end)}`] : []),
    `SUMMARY:${escapeIcsText(e.summary)}`,
    ...(e.location ? [`LOCATION:${escapeIcsText(e.location)}`] : []),
    ...(e.description ? [`DESCRIPTION:${escapeIcsText(e.description)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(e.status ? [`STATUS:${e.status}`] : []),
    'END:VEVENT',
  ];
}

/** A VCALENDAR: CRLF after every line, the last one included (§3.1). */
export function icsDocument(calendar: IcsCalendar): string {
  const { name, refreshMinutes } = calendar;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.productId}`,
    'CALSCALE:GREGORIAN',
    ...(calendar.method ? [`METHOD:${calendar.method}`] : []),
    ...(name ? [`NAME:${escapeIcsText(name)}`, `X-WR-CALNAME:${escapeIcsText(name)}`] : []),
    ...(calendar.timeZone ? [`X-WR-TIMEZONE:${calendar.timeZone}`] : []),
    ...(refreshMinutes ? [`REFRESH-INTERVAL;VALUE=DURATION:PT${refreshMinutes}M`, `X-PUBLISHED-TTL:PT${refreshMinutes}M`] : []),
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}
