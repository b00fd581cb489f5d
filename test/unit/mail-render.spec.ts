import { SignedLinks } from '../../api/src/core/links/signed-links';
import { buildIcs } from '../../api/src/modules/mail/render/ics';
import { escapeIcsText, foldIcsLine } from '../../api/src/core/format/icalendar';
import { MailRenderer, mailDomain } from '../../api/src/modules/mail/render/mail-renderer';
import type { MailTemplateData } from '../../api/src/shared/contracts/mail.contract';
import type { LinkPurpose } from '../../api/src/shared/contracts/links.contract';
// Every area's templates join mail's own as each process loads the registration of areas.
import '../../api/src/modules';

const config = {
  municipio: 'San Pedro Garza García',
  tzDisplay: 'America/Monterrey',
  publicUrl: 'https://eventos.example.gob.mx',
  mailFrom: '"Aforo" <no-responder@eventos.example.gob.mx>',
};
const links = new SignedLinks({ jwtSecret: 'x'.repeat(48) });
const renderer = new MailRenderer(config, links);
const target = { id: '7', createdAt: new Date('2026-11-20T12:00:00Z') };

const registro: MailTemplateData['registro.confirmacion'] = {
  registro_id: 41,
  evento_id: 3,
  slug: 'concierto-navideno',
  nombre: 'Ana <script>alert(1)</script> & "Pérez"',
  codigo: 'K7P2Q',
  evento: {
    titulo: 'Concierto <Navideño>',
    inicio: '2026-12-13T01:00:00.000Z',
    fin: '2026-12-13T03:30:00.000Z',
    lugar: 'Parque Fundidora; Nave 1, Sala "A"',
  },
};

/** A program as its waitlist messages show it. */
const programa: MailTemplateData['programa.lista-espera-oferta']['programa'] = {
  nombre: 'Impulso Emprendedor',
  slug: 'impulso',
  fecha_inicio: null,
  fecha_fin: null,
  ubicacion: 'Palacio Municipal',
};

/** When the offers and the joins of these messages end. */
const UNTIL = '2026-12-01T18:00:00.000Z';

/**
 * The message's text links to `page` with the token signed for `purpose`, record `id`, until `until`; the link is its
 * purpose's only: each of `notFor` refuses the token. Answers the token.
 */
function expectLink(text: string, page: string, [purpose, id, until]: [LinkPurpose, number, Date | string], notFor: LinkPurpose[] = []) {
  const token = links.sign(purpose, id, new Date(until));
  expect(text).toContain(`https://eventos.example.gob.mx${page}${token}`);
  for (const other of notFor) expect(links.verify(other, token)).toEqual({ ok: false, reason: 'invalid' });
  return token;
}

describe('mail rendering: one layout, two parts, escaped values, es-MX dates', () => {
  it('every message links to the ARCO page; reminders carry the unsubscribe page and RFC 8058 one-click address, others not', async () => {
    const confirmation = await renderer.render('registro.confirmacion', registro, target);
    expect(confirmation.text).toContain('https://eventos.example.gob.mx/privacidad/solicitud');
    expect(confirmation.html).toContain('href="https://eventos.example.gob.mx/privacidad/solicitud"');
    expect(confirmation.unsubscribe).toBeUndefined();
    expect(confirmation.text).not.toContain('/privacidad/baja/');
    const reminder = await renderer.render('registro.recordatorio', registro, target);
    const token = links.sign('unsubscribe-mail', 7, new Date(target.createdAt.getTime() + 365 * 86_400_000));
    expect(reminder.unsubscribe).toEqual({
      pageUrl: `https://eventos.example.gob.mx/privacidad/baja/${token}`,
      oneClickUrl: `https://eventos.example.gob.mx/api/privacidad/baja/${token}`,
    });
    expect(reminder.text).toContain(`No quiero recibir más correos: https://eventos.example.gob.mx/privacidad/baja/${token}`);
    expect(links.verify('unsubscribe-mail', token)).toMatchObject({ ok: true, id: 7 });
    expect(links.verify('cancel-registration', token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('registro.confirmacion: event, date and time in the zone, place, name, code + QR, .ics, cancel link', async () => {
    const m = await renderer.render('registro.confirmacion', registro, target);
    expect(m.subject).toBe('Registro confirmado: Concierto <Navideño>');
    expect(m.html).toContain('<html lang="es"');
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('Ana &#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;Pérez&#34;');
    expect(m.html).toContain('Concierto &#60;Navideño&#62;');
    // 01:00 UTC on Dec 13 is 7:00 p. m. on Dec 12 in Monterrey.
    expect(m.text).toContain('Fecha y hora: sábado, 12 de diciembre de 2026, de 7:00 p. m. a 9:30 p. m.');
    expect(m.text).toContain('Lugar: Parque Fundidora; Nave 1, Sala "A"');
    expect(m.text).toContain('K7P2Q');
    const token = expectLink(m.text, '/registro/cancelar/', ['cancel-registration', 41, registro.evento.inicio]);
    expect(m.html).toContain(`href="https://eventos.example.gob.mx/registro/cancelar/${token}"`);
    // No personal data in any URL: neither the name nor the door code.
    for (const url of m.text.match(/https?:\/\/\S+/g) ?? []) expect(url).not.toMatch(/Ana|P%C3%A9rez|K7P2Q/);
    const qr = m.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.cid).toBe('qr-registro-41@eventos.example.gob.mx');
    expect(m.html).toContain(`src="cid:${qr?.cid}"`);
    expect(qr?.content.subarray(1, 4).toString()).toBe('PNG');
    const ics = m.attachments.find((a) => a.filename === 'evento.ics')?.content.toString('utf8') ?? '';
    expect(ics).toContain('UID:registro-41@eventos.example.gob.mx\r\n');
    expect(ics).toContain('DTSTART:20261213T010000Z\r\n');
    expect(ics).toContain('DTEND:20261213T033000Z\r\n');
    expect(ics).toContain('SUMMARY:Concierto <Navideño>\r\n');
    expect(ics).toContain('LOCATION:Parque Fundidora\\; Nave 1\\, Sala "A"\r\n');
    expect(m.text).toContain('San Pedro Garza García');
  });

  it('lista-espera.oferta: the offer, held until when, the accept link', async () => {
    const m = await renderer.render(
      'lista-espera.oferta',
      {
        entrada_id: 9,
        evento_id: 3,
        slug: 'concierto',
        nombre: 'Luis',
        oferta_hasta: UNTIL,
        evento: { titulo: 'Concierto', inicio: '2026-12-02T02:00:00.000Z', fin: null, lugar: null },
      },
      target,
    );
    expect(m.subject).toBe('Se liberó un lugar para ti: Concierto');
    expect(m.text).toContain('martes, 1 de diciembre de 2026, 12:00 p. m.');
    expectLink(m.text, '/lista-espera/aceptar/', ['accept-waitlist-offer', 9, UNTIL]);
    expect(m.attachments).toEqual([]);
  });

  it('programa.lista-espera-oferta: the same offer for a program, its own link (another purpose: never an event offer)', async () => {
    const data: MailTemplateData['programa.lista-espera-oferta'] = {
      entrada_id: 9,
      programa_id: 4,
      nombre: 'Luis',
      oferta_hasta: UNTIL,
      programa,
    };
    const m = await renderer.render('programa.lista-espera-oferta', data, target);
    expect(m.subject).toBe('Se liberó un lugar para ti: Impulso Emprendedor');
    expect(m.text).toContain('Estabas en la lista de espera de este programa');
    expect(m.text).toContain('Palacio Municipal');
    expect(m.text).not.toContain('Fechas');
    expect(m.text).toContain('martes, 1 de diciembre de 2026, 12:00 p. m.');
    expectLink(m.text, '/lista-espera/programa/aceptar/', ['accept-program-waitlist-offer', 9, UNTIL], ['accept-waitlist-offer']);
    const dated = await renderer.render(
      'programa.lista-espera-oferta',
      { ...data, programa: { ...programa, fecha_inicio: '2027-01-10T15:00:00.000Z', fecha_fin: '2027-02-10T15:00:00.000Z' } },
      target,
    );
    expect(dated.text).toMatch(/Fechas: Del domingo, 10 de enero de 2027 al miércoles, 10 de febrero de 2027/);
  });

  it('lista-espera.confirmar: the join to confirm, until when, its own link; or, already registered, no link', async () => {
    const data: MailTemplateData['lista-espera.confirmar'] = {
      motivo: 'confirmar',
      entrada_id: 12,
      confirmar_hasta: UNTIL,
      nombre: 'Lucía',
      evento_id: 3,
      slug: 'concierto-navideno',
      evento: registro.evento,
    };
    const m = await renderer.render('lista-espera.confirmar', data, target);
    expect(m.subject).toBe('Confirma tu lugar en la lista de espera: Concierto <Navideño>');
    expect(m.text).toContain('Hola, Lucía. Pediste unirte a la lista de espera de este evento');
    expect(m.text).toContain('Confirma antes del: martes, 1 de diciembre de 2026, 12:00 p. m.');
    // Its own purpose: never an offer's acceptance, never a program's confirmation.
    expectLink(
      m.text,
      '/lista-espera/confirmar/',
      ['confirm-waitlist-join', 12, UNTIL],
      ['accept-waitlist-offer', 'confirm-program-waitlist-join'],
    );

    const registered = await renderer.render(
      'lista-espera.confirmar',
      { motivo: 'ya-registrado', nombre: 'Ana', evento_id: 3, slug: 'concierto-navideno', evento: registro.evento },
      target,
    );
    expect(registered.subject).toBe('Ya estás registrado: Concierto <Navideño>');
    expect(registered.text).toContain('Este correo ya tiene un registro');
    expect(registered.text).toContain('https://eventos.example.gob.mx/eventos/concierto-navideno');
    expect(registered.text).not.toContain('/lista-espera/');
  });

  it('programa.lista-espera-confirmar: the same for a program, its own link purpose', async () => {
    const m = await renderer.render(
      'programa.lista-espera-confirmar',
      { motivo: 'confirmar', entrada_id: 12, confirmar_hasta: UNTIL, nombre: 'Luis', programa_id: 4, programa },
      target,
    );
    expect(m.subject).toBe('Confirma tu lugar en la lista de espera: Impulso Emprendedor');
    expectLink(m.text, '/lista-espera/programa/confirmar/', ['confirm-program-waitlist-join', 12, UNTIL], ['confirm-waitlist-join']);
    const registered = await renderer.render(
      'programa.lista-espera-confirmar',
      { motivo: 'ya-registrado', nombre: 'Luis', programa_id: 4, programa },
      target,
    );
    expect(registered.subject).toBe('Ya estás registrado: Impulso Emprendedor');
    expect(registered.text).toContain('https://eventos.example.gob.mx/programas/impulso');
  });

  it('bad data fails with a reason; subjects stay on one line', async () => {
    await expect(renderer.render('registro.confirmacion', { ...registro, codigo: '' }, target)).rejects.toThrow('codigo');
    await expect(renderer.render('no.existe', {}, target)).rejects.toThrow('Plantilla desconocida');
    const m = await renderer.render(
      'registro.confirmacion',
      { ...registro, evento: { ...registro.evento, titulo: 'A\r\nBcc: x@y.z\u2028\u202eC' } },
      target,
    );
    expect(m.subject).toBe('Registro confirmado: A Bcc: x@y.z C');
  });

  it('.ics: RFC 5545 escaping and folding at 75 octets without splitting a character', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const folded = foldIcsLine(`SUMMARY:${'ñ'.repeat(80)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n ').join('')).toBe(`SUMMARY:${'ñ'.repeat(80)}`);
    const ics = buildIcs({ uid: 'u@x', start: new Date(0), end: new Date(3600_000), stamp: new Date(0), summary: 's', location: null });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).not.toContain('LOCATION');
    expect(mailDomain('"Aforo · Municipio" <no-responder@aforo.local>')).toBe('aforo.local');
  });
});
