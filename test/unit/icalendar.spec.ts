import fc from 'fast-check';
import ICAL from 'ical.js';
import { escapeIcsText, foldIcsLine, icsDocument, icsUtc, type IcsEvent } from '@core/format/icalendar';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

/** RFC 5545 §3.1 unfolding: a CRLF followed by one space or tab is removed. */
const unfold = (s: string) => s.replace(/\r\n[ \t]/g, '');

const event = (overrides: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: 'evento-1@aforo.test',
  stamp: new Date('2026-11-20T18:00:00Z'),
  revision: { created: new Date('2026-11-01T12:00:00Z'), lastModified: new Date('2026-11-20T18:00:00Z'), sequence: 2 },
  start: new Date('2026-12-12T01:00:00Z'),
  end: new Date('2026-12-12T04:30:00Z'),
  summary: 'Posada',
  description: 'Con piñata',
  location: 'Macroplaza',
  url: 'https://aforo.test/eventos/posada',
  status: 'CONFIRMED',
  ...overrides,
});

describe('iCalendar writer (RFC 5545)', () => {
  it('escapes TEXT: backslash, semicolon, comma and line breaks; drops other control characters', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne\nf\rg\u0007h\u202eí')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\nghí');
  });

  it('folds at 75 octets, continuation lines start with a space, and never splits a UTF-8 character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${text}`;
        const folded = foldIcsLine(line);
        const physical = folded.split('\r\n');
        expect(physical.every((p) => octets(p) <= 75)).toBe(true);
        expect(physical.slice(1).every((p) => p.startsWith(' '))).toBe(true);
        expect(unfold(folded)).toBe(line);
        // No lone surrogate or broken sequence: each physical line is valid UTF-8 on its own.
        expect(physical.every((p) => Buffer.from(p, 'utf8').toString('utf8') === p)).toBe(true);
      }),
    );
    expect(foldIcsLine('X'.repeat(75))).toBe('X'.repeat(75));
    expect(foldIcsLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`);
    // "ñ" is two octets: it moves whole to the next line rather than being cut.
    expect(foldIcsLine(`${'X'.repeat(74)}ñ`).split('\r\n')).toEqual(['X'.repeat(74), ' ñ']);
  });

  it('writes UTC date-times without separators or milliseconds', () => {
    expect(icsUtc(new Date('2026-12-12T01:02:03.456Z'))).toBe('20261212T010203Z');
  });

  it('a document ical.js reads back: CRLF everywhere, one VEVENT per event, no DTEND when there is no end', () => {
    const text = icsDocument({
      productId: '-//Prueba//Aforo//ES',
      name: 'Eventos, públicos',
      timeZone: 'America/Monterrey',
      refreshMinutes: 60,
      events: [event(), event({ uid: 'evento-2@aforo.test', end: null, status: 'CANCELLED', summary: 'Cancelado; sí' })],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const calendar = new ICAL.Component(ICAL.parse(text));
    // X-WR-CALNAME is an extension property (TEXT, escaped as such; ical.js leaves extension values as written).
    expect(text).toContain('\r\nNAME:Eventos\\, públicos\r\nX-WR-CALNAME:Eventos\\, públicos\r\n');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/Monterrey');
    const [first, second] = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect([first.uid, first.summary, first.sequence, first.startDate.toJSDate().toISOString()]).toEqual([
      'evento-1@aforo.test',
      'Posada',
      2,
      '2026-12-12T01:00:00.000Z',
    ]);
    expect(first.endDate.toJSDate().toISOString()).toBe('2026-12-12T04:30:00.000Z');
    expect([second.summary, second.component.getFirstPropertyValue('status'), second.component.hasProperty('dtend')]).toEqual([
      'Cancelado; sí',
      'CANCELLED',
      false,
    ]);
  });
});
