import { MailTransport } from '../../api/src/modules/mail/mail-transport';
import { SmtpSink } from '../setup/smtp-sink';

/**
 * In production, mail to a relay on another machine goes over TLS or not at all: the
 * configuration decides it (mail.settings.ts, smtpRequiresTls; test/unit/production-config.spec.ts), and the transport then
 * refuses a server that does not offer STARTTLS instead of sending citizens' data in the clear.
 */
describe('SMTP: TLS required', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await SmtpSink.start(); // plain, no STARTTLS offered
  });
  afterAll(() => sink.stop());

  const mail = (to: string) => ({
    messageId: `<${to}@aforo.test>`,
    to: { email: to, name: null },
    rendered: { subject: 'Prueba', html: '<p>Hola</p>', text: 'Hola', attachments: [] },
  });
  const transport = (smtpRequireTls: boolean) =>
    new MailTransport({ smtpUrl: sink.url, smtpRequireTls, mailFrom: 'Aforo <no-responder@aforo.test>', mailSendTimeoutMs: 5000 });

  it('with TLS required, a server without STARTTLS gets nothing', async () => {
    const t = transport(true);
    try {
      await expect(t.send(mail('tls@aforo.test'))).rejects.toMatchObject({ code: 'ETLS' });
    } finally {
      t.onApplicationShutdown();
    }
    expect(sink.dataCount).toBe(0);
    expect(sink.received).toHaveLength(0);
  });

  it('without it (a relay on the same machine, or the URL says so), plain SMTP as before', async () => {
    const t = transport(false);
    try {
      await expect(t.send(mail('plain@aforo.test'))).resolves.toMatch(/^250/);
    } finally {
      t.onApplicationShutdown();
    }
    expect(sink.received.map((m) => m.envelope.to)).toEqual([['plain@aforo.test']]);
  });
});
