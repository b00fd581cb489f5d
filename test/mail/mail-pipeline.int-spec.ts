import { SignedLinks } from '../../api/src/core/links/signed-links';
import { SmtpSink } from '../setup/smtp-sink';
import { eventually, TestApp } from '../setup/test-app';
import { confirmacion, correo, queueMails, sentMessage } from './mail-factories';

/**
 * Mail as a pipeline against a real SMTP server started by the test: what the citizen
 * receives, a temporary refusal retried and delivered once, a permanent one failed with the reason, and names
 * and addresses that try to add headers or recipients.
 */
describe('mail pipeline: rows of correos reach a real SMTP server once', () => {
  let sink: SmtpSink;
  let t: TestApp;
  const done = (id: string) =>
    eventually(
      () => correo(t, id),
      (c) => ['sent', 'failed', 'stored'].includes(c.status),
    );

  beforeAll(async () => {
    sink = await SmtpSink.start({
      auth: { user: 'aforo', pass: 'clave secreta' },
      answer: ({ envelope, attempt }) => {
        if (envelope.to.some((a) => a.startsWith('temporal')) && attempt === 1) return { code: 451, message: '4.3.0 Intenta más tarde' };
        if (envelope.to.some((a) => a.startsWith('rechazo'))) return { code: 550, message: '5.1.1 Buzón inexistente' };
        return null;
      },
    });
    t = await TestApp.start({
      env: {
        SMTP_URL: sink.url,
        MAIL_FROM: '"Aforo · Municipio de Monterrey" <no-responder@eventos.monterrey.test>',
        PUBLIC_URL: 'https://eventos.monterrey.test',
        MAIL_SEND_TIMEOUT_MS: '5000',
        // The first retry 300 ms after a 4xx, not the 2 s of production: the backoff is the setting's, only shorter.
        MAIL_RETRY_DELAY_MS: '300',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  it('a confirmation arrives with subject, recipient, the code and its QR, the cancel link and the .ics', async () => {
    const mail = confirmacion({ id: 501, email: 'rosa.villarreal@correo.test', codigo: 'Q7K2M' });
    const [id] = await queueMails(t, [mail]);
    const row = await done(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row.message_id).toMatch(/^<correo-\d+\.[0-9a-f]{16}@eventos\.monterrey\.test>$/);
    expect(row.provider_message_id).toMatch(/^250/);

    const [received] = sink.to('rosa.villarreal@correo.test');
    expect(received.messageId).toBe(row.message_id);
    expect(received.envelope).toEqual({ from: 'no-responder@eventos.monterrey.test', to: ['rosa.villarreal@correo.test'] });
    const parsed = await received.parse();
    expect(parsed.subject).toBe('Registro confirmado: Festival de la Luz');
    expect(parsed.to).toMatchObject({ value: [{ address: 'rosa.villarreal@correo.test', name: 'Rosa María Villarreal' }] });
    expect(parsed.from?.value[0]).toEqual({ address: 'no-responder@eventos.monterrey.test', name: 'Aforo · Municipio de Monterrey' });
    expect(parsed.text).toContain('Q7K2M');
    expect(parsed.text).toContain('Hola, Rosa María');
    expect(parsed.html).toContain('lang="es"');

    // The cancel link: absolute, signed for this registration, valid until the event starts; no personal data.
    const link = /https:\/\/eventos\.monterrey\.test\/registro\/cancelar\/(\S+)/.exec(parsed.text ?? '');
    expect(link).not.toBeNull();
    const check = t.app.get(SignedLinks).verify('cancel-registration', link![1]);
    expect(check).toMatchObject({ ok: true, id: 501, expiresAt: new Date(Math.floor(Date.parse(mail.data.evento.inicio) / 1000) * 1000) });
    expect(parsed.html).toContain(`href="https://eventos.monterrey.test/registro/cancelar/${link![1]}"`);

    const qr = parsed.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.contentDisposition).toBe('inline');
    expect(parsed.html).toContain(`cid:${qr?.cid}`);
    const ics = parsed.attachments.find((a) => a.filename === 'evento.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const calendar = ics!.content.toString('utf8');
    expect(calendar).toContain('BEGIN:VEVENT');
    expect(calendar).toContain('UID:registro-501@eventos.monterrey.test');
    expect(calendar).toContain(`DTSTART:${mail.data.evento.inicio.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(calendar).toContain('SUMMARY:Festival de la Luz');
    expect(calendar).toContain('LOCATION:Parque Fundidora\\, Monterrey');

    // The staff preview shows what was sent: the row's intent renders the same message again (nothing rendered is stored).
    const [stored] = await t.query<{ subject: string; text: string | null }>(`SELECT subject, text FROM correos WHERE id = $1`, [id]);
    expect(stored.subject).toBe(parsed.subject);
    expect(stored.text).toBeNull();
    expect((await sentMessage(t, id)).text.trim()).toBe(parsed.text?.trim());
  });

  it('a 4xx is retried with backoff and the message arrives once', async () => {
    const [id] = await queueMails(t, [confirmacion({ email: 'temporal@correo.test' })]);
    const row = await done(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(sink.to('temporal@correo.test')).toHaveLength(1);
    expect(sink.answers).toContain(451);
  });

  it('a 5xx fails the message with the server reason, never retried', async () => {
    const [id] = await queueMails(t, [confirmacion({ email: 'rechazo@correo.test' })]);
    const row = await done(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('550');
    expect(row.last_error).toContain('Buzón inexistente');
    await new Promise((r) => setTimeout(r, 1000)); // three times the first backoff: no second attempt comes
    expect((await correo(t, id)).attempts).toBe(1);
    expect(sink.to('rechazo@correo.test')).toHaveLength(0);
  });

  it('names and addresses with CR/LF or odd Unicode never add a header or a recipient', async () => {
    const before = sink.received.length;
    const names = [
      'Ana\r\nBcc: intruso@malo.test',
      'Ana\nX-Inyectado: si',
      'Ana\u2028Bcc: intruso@malo.test',
      '\u202eanA\u202c Torres',
      'Ana\u0000Bcc: intruso@malo.test',
      '"Ana" <intruso@malo.test>, Luis',
      '=?utf-8?Q?Bcc=3A_intruso@malo.test?=',
    ];
    const goodIds = await queueMails(
      t,
      names.map((name, i) => confirmacion({ email: `inyeccion${i}@correo.test`, name })),
    );
    const badAddresses = [
      'victima@correo.test\r\nBcc: intruso@malo.test',
      'victima@correo.test>\r\nRCPT TO:<intruso@malo.test',
      'victima@correo.test, intruso@malo.test',
      'victima\u202e@correo.test',
      'Ana <intruso@malo.test>',
      'victima@correo.test\u0000intruso@malo.test',
    ];
    const badIds = await queueMails(
      t,
      badAddresses.map((email) => confirmacion({ email })),
    );
    for (const id of badIds) {
      const row = await correo(t, id);
      expect(row.status).toBe('failed');
      expect(row.last_error).toBe('La dirección de correo no es válida; no se envió.');
    }
    for (const id of goodIds) expect((await done(id)).status).toBe('sent');
    await sink.waitFor(before + names.length);
    const arrived = sink.received.slice(before);
    expect(arrived).toHaveLength(names.length);
    for (const i of names.keys()) {
      const [m, ...more] = arrived.filter((a) => a.envelope.to.includes(`inyeccion${i}@correo.test`));
      expect(more).toHaveLength(0);
      expect(m.envelope.to).toEqual([`inyeccion${i}@correo.test`]);
      const parsed = await m.parse();
      expect(parsed.headers.has('bcc')).toBe(false);
      expect(parsed.headers.has('x-inyectado')).toBe(false);
      expect(parsed.to).toMatchObject({ value: [{ address: `inyeccion${i}@correo.test` }] });
      expect((parsed.to as { value: unknown[] }).value).toHaveLength(1);
      // eslint-disable-next-line no-control-regex
      expect(parsed.to && 'value' in parsed.to && parsed.to.value[0].name).not.toMatch(/[\r\n\u2028\u202e\u0000]/);
      expect(m.raw.toString('utf8')).not.toMatch(/intruso@malo\.test>?\r\n/i);
    }
    expect(sink.received.some((m) => m.envelope.to.some((a) => a.includes('malo.test')))).toBe(false);
  });
});

describe('mail without SMTP_URL: rendered and stored, readable by the staff', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());

  it('a queued message is rendered and stored (status stored), never sent', async () => {
    expect(t.config.smtpUrl).toBeNull();
    const [id] = await queueMails(t, [confirmacion({ codigo: 'ZX9P4' })]);
    const row = await eventually(
      () => correo(t, id),
      (c) => c.status !== 'queued' && c.status !== 'sending',
    );
    expect(row).toMatchObject({ status: 'stored', attempts: 1, provider_message_id: null });
    const [stored] = await t.query<{ subject: string; html: string | null; text: string | null; sent_at: Date | null }>(
      `SELECT subject, html, text, sent_at FROM correos WHERE id = $1`,
      [id],
    );
    expect(stored.subject).toBe('Registro confirmado: Festival de la Luz');
    // The row keeps the intent, not the rendered body; the staff's preview renders it.
    expect(stored.html).toBeNull();
    expect(stored.text).toBeNull();
    expect(stored.sent_at).not.toBeNull();
    const admin = await t.login();
    const detail = (await t.as(admin).get(`/api/correos/${id}`).expect(200)).body.correo as { html: string; text: string };
    expect(detail.html).toContain('ZX9P4');
    expect(detail.text).toContain('ZX9P4');
    expect(detail.text).toContain('/registro/cancelar/');
  });
});
