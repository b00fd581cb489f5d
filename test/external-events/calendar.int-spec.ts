import ICAL from 'ical.js';
import type { Test } from 'supertest';
import { createEvent, eventBody, putEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { TestApp, signedInApp } from '../setup/test-app';

const PUBLIC_URL = 'https://eventos.monterrey.gob.mx';

/** The body as text, whatever its content type (supertest buffers only what it knows). */
const asText = (r: Test) =>
  r.buffer(true).parse((res, cb) => {
    let data = '';
    res.setEncoding('utf8');
    res.on('data', (c: string) => (data += c));
    res.on('end', () => cb(null, data));
  });

interface Parsed {
  uid: string;
  summary: string;
  status: string;
  sequence: number;
  start: string;
  end: string | null;
  location: string;
  description: string;
  url: string;
  lastModified: string;
  dtstamp: string;
}

/** The feed read by ical.js, a real RFC 5545 parser (it unfolds lines and unescapes text). */
function parse(text: string): { calendar: ICAL.Component; events: Map<string, Parsed> } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = new Map<string, Parsed>();
  for (const v of calendar.getAllSubcomponents('vevent')) {
    const e = new ICAL.Event(v);
    const time = (name: string) => (v.getFirstPropertyValue(name) as ICAL.Time | null)?.toJSDate().toISOString() ?? null;
    events.set(e.uid, {
      uid: e.uid,
      summary: e.summary,
      status: String(v.getFirstPropertyValue('status')),
      sequence: e.sequence,
      start: e.startDate.toJSDate().toISOString(),
      end: v.hasProperty('dtend') ? e.endDate.toJSDate().toISOString() : null,
      location: e.location,
      description: e.description,
      url: String(v.getFirstPropertyValue('url')),
      lastModified: time('last-modified')!,
      dtstamp: time('dtstamp')!,
    });
  }
  return { calendar, events };
}

describe('public calendar (.ics): the feed and one event (issue 33 §3)', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), {
    env: { PUBLIC_URL, PUBLIC_READ_LIMIT_PER_MINUTE: '100000', PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' },
  });

  const feed = () => asText(t.http().get('/api/public/eventos.ics'));

  it('is RFC 5545 that a real parser reads: CRLF, folded lines, escaped text, UTC times, stable UIDs, no personal data', async () => {
    const long = `Taller «Emprende», paso a paso; con acentos: ñandú, corazón — ${'información '.repeat(12)}`.trim();
    const e = await createEvent(t, admin, {
      title: 'Feria; Empleo, Norte',
      description: `${long}\nSegunda línea\\con barra`,
      location: 'Parque Fundidora, Nave Lewis',
      event_date: '2027-05-01T15:00:00.000Z',
      end_date: '2027-05-01T23:30:00.000Z',
    });
    const draft = await createEvent(t, admin, { status: 'draft', title: 'Borrador secreto' });
    await registerForEvent(t, e.slug, registrationBody(1, { email: 'privada@correo.mx' })).expect(201);

    const res = await feed();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    // Public data: another department's site may read it from the browser too.
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const text = res.body as string;
    // Every line ends in CRLF, none is longer than 75 octets, and a folded line goes on with a space.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.filter((l) => Buffer.byteLength(l, 'utf8') > 75)).toEqual([]);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    expect(text).toContain('SUMMARY:Feria\\; Empleo\\, Norte\r\n');
    // Nothing of anyone: the registrant's data, counts and drafts stay out.
    expect(text).not.toMatch(/privada@correo|JOSÉ|Borrador secreto|current_attendees/i);

    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(String(calendar.getFirstPropertyValue('prodid'))).toMatch(/^-\/\/Gobierno Municipal de .+\/\/Aforo\/\/ES$/);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/Monterrey');
    const uid = `evento-${e.id}@eventos.monterrey.gob.mx`;
    expect(events.has(`evento-${draft.id}@eventos.monterrey.gob.mx`)).toBe(false);
    expect(events.get(uid)).toMatchObject({
      summary: 'Feria; Empleo, Norte',
      status: 'CONFIRMED',
      sequence: 0,
      start: '2027-05-01T15:00:00.000Z',
      end: '2027-05-01T23:30:00.000Z',
      location: 'Parque Fundidora, Nave Lewis',
      url: `${PUBLIC_URL}/eventos/${e.slug}`,
    });
    expect(events.get(uid)!.description).toBe(
      `${long}\nSegunda línea\\con barra\n\nInformación y registro: ${PUBLIC_URL}/eventos/${e.slug}`,
    );
    expect(text).toMatch(/DTSTART:20270501T150000Z\r\n/);
  });

  it('reflects an update (new SEQUENCE and LAST-MODIFIED, same UID) and a cancellation (STATUS:CANCELLED); unchanged, it is byte-identical', async () => {
    const body = eventBody({ title: 'Concierto en la Macroplaza', event_date: '2027-06-10T01:00:00.000Z', end_date: null });
    const { event } = (await t.created(admin, '/api/eventos-externos', body)) as { event: { id: number; slug: string } };
    const uid = `evento-${event.id}@eventos.monterrey.gob.mx`;

    const first = await feed();
    const second = await feed();
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const before = parse(first.body as string).events.get(uid)!;
    expect(before).toMatchObject({ sequence: 0, status: 'CONFIRMED', end: null });
    // A registration moves the counts, not what a calendar shows: the feed does not change.
    await registerForEvent(t, event.slug, registrationBody(20)).expect(201);
    expect((await feed()).headers.etag).toBe(first.headers.etag);

    await new Promise((r) => setTimeout(r, 1100)); // LAST-MODIFIED has whole seconds
    await t
      .as(admin)
      .put(`/api/eventos-externos/${event.id}`)
      .send({ ...body, title: 'Concierto en la Macroplaza (nueva hora)', event_date: '2027-06-10T02:00:00.000Z' })
      .expect(200);
    const updated = await feed();
    expect(updated.headers.etag).not.toBe(first.headers.etag);
    const after = parse(updated.body as string).events.get(uid)!;
    expect(after).toMatchObject({ summary: 'Concierto en la Macroplaza (nueva hora)', start: '2027-06-10T02:00:00.000Z', sequence: 1 });
    expect(Date.parse(after.lastModified)).toBeGreaterThan(Date.parse(before.lastModified));
    expect(after.dtstamp).toBe(after.lastModified);

    await t
      .as(admin)
      .put(`/api/eventos-externos/${event.id}`)
      .send({ ...body, title: 'Concierto en la Macroplaza (nueva hora)', event_date: '2027-06-10T02:00:00.000Z', status: 'cancelled' })
      .expect(200);
    const cancelled = parse((await feed()).body as string).events.get(uid)!;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', sequence: 2, summary: 'CANCELADO: Concierto en la Macroplaza (nueva hora)' });
    expect(cancelled.description.startsWith('Este evento fue cancelado.')).toBe(true);

    // Taken back to draft, an event leaves the feed (a subscribed calendar drops it on its next fetch).
    const back = eventBody({ title: 'Evento que vuelve a borrador' });
    const { event: gone } = (await t.created(admin, '/api/eventos-externos', back)) as { event: { id: number } };
    const goneUid = `evento-${gone.id}@eventos.monterrey.gob.mx`;
    expect(parse((await feed()).body as string).events.has(goneUid)).toBe(true);
    await t
      .as(admin)
      .put(`/api/eventos-externos/${gone.id}`)
      .send({ ...back, status: 'draft' })
      .expect(200);
    expect(parse((await feed()).body as string).events.has(goneUid)).toBe(false);
  });

  it('answers 304 to a client that has the current version (If-None-Match), and 200 again after a change', async () => {
    const e = await createEvent(t, admin, { title: 'Cine al aire libre' });
    const first = await feed();
    const etag = first.headers.etag as string;
    const again = await t.http().get('/api/public/eventos.ics').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    await putEvent(t, admin, e.id, { title: 'Cine al aire libre (cambio de sede)' }).expect(200);
    expect((await t.http().get('/api/public/eventos.ics').set('If-None-Match', etag)).status).toBe(200);
  });

  it("one event's file: an attachment with the same UID as in the feed; a draft or an unknown slug is 404", async () => {
    const e = await createEvent(t, admin, { title: 'Carrera 10K' });
    const res = await asText(t.http().get(`/api/eventos/${e.slug}/evento.ics`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${e.slug}.ics"`);
    const { events } = parse(res.body as string);
    expect([...events.keys()]).toEqual([`evento-${e.id}@eventos.monterrey.gob.mx`]);
    expect(parse((await feed()).body as string).events.get(`evento-${e.id}@eventos.monterrey.gob.mx`)).toEqual(
      events.get(`evento-${e.id}@eventos.monterrey.gob.mx`),
    );

    const draft = await createEvent(t, admin, { status: 'draft' });
    for (const path of [`/api/eventos/${draft.slug}/evento.ics`, '/api/eventos/no-existe/evento.ics', '/api/eventos/MAL_slug/evento.ics']) {
      const missing = await t.http().get(path);
      expect([path, missing.status, missing.body.message]).toEqual([path, 404, 'El evento que buscas no existe o ha sido cancelado.']);
    }
    // Not even staff: a preview is not something to add to a calendar.
    expect((await t.as(admin).get(`/api/eventos/${draft.slug}/evento.ics`)).status).toBe(404);
  });

  it('is in the OpenAPI document: a summary, public (security: []), the calendar type and the 304', async () => {
    const doc = (await t.http().get('/api/docs/openapi.json')).body as {
      paths: Record<string, { get: { summary?: string; security?: unknown[]; responses: Record<string, { content?: object }> } }>;
    };
    for (const path of ['/api/public/eventos.ics', '/api/eventos/{slug}/evento.ics']) {
      const op = doc.paths[path].get;
      expect(op.summary).toEqual(expect.any(String));
      expect(op.security).toEqual([]);
      expect(Object.keys(op.responses['200'].content ?? {})).toEqual(['text/calendar']);
      expect(op.responses['304']).toBeDefined();
    }
  });
});
