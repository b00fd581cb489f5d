import type { MailAttachment } from './mail-renderer.types';

export interface IcsEvent {
  /** Globally unique and stable (a second copy of the same event updates the first in a calendar). */
  uid: string;
  start: Date;
  end: Date;
  /** When the calendar object was made (DTSTAMP): the message's creation, so a resend is byte-identical. */
  stamp: Date;
  summary: string;
  location: string | null;
  description?: string;
  url?: string;
}

/** RFC 5545 §3.3.11: backslash, semicolon and comma escaped, line breaks as \n, other controls dropped. */
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

/** UTC as RFC 5545 DATE-TIME form #2: 20261213T010000Z. */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 §3.1: lines longer than 75 octets folded (CRLF + space), never inside a UTF-8 sequence. */
export function foldIcsLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
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

/** A VCALENDAR with one VEVENT (METHOD:PUBLISH: added to the calendar, no reply expected). */
export function buildIcs(event: IcsEvent, prodId = '-//Aforo//Correos//ES'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}

/** The .ics as an attachment (text/calendar; a phone offers to add it to the calendar). */
export function icsAttachment(event: IcsEvent, filename = 'evento.ics'): MailAttachment {
  return {
    filename,
    content: Buffer.from(buildIcs(event), 'utf8'),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    inline: false,
  };
}
