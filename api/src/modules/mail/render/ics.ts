import { icsDocument, type IcsEvent } from '@core/format/icalendar';
import type { MailAttachment } from './mail-renderer.types';

/** What a message's calendar entry carries (its DTSTAMP: the message's creation, so a resend is byte-identical). */
export type MailIcsEvent = Pick<IcsEvent, 'uid' | 'start' | 'stamp' | 'summary' | 'location' | 'description' | 'url'> & { end: Date };

/** A VCALENDAR with one VEVENT (METHOD:PUBLISH: added to the calendar, no reply expected), by the one writer (core/format/icalendar.ts). */
export function buildIcs(event: MailIcsEvent, prodId = '-//Aforo//Correos//ES'): string {
  return icsDocument({ productId: prodId, method: 'PUBLISH', events: [event] });
}

/** The .ics as an attachment (text/calendar; a phone offers to add it to the calendar). */
export function icsAttachment(event: MailIcsEvent, filename = 'evento.ics'): MailAttachment {
  return {
    filename,
    content: Buffer.from(buildIcs(event), 'utf8'),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    inline: false,
  };
}
