import { SmtpSink } from '../setup/smtp-sink';
import { TcpProxy } from '../setup/tcp-proxy';
import { freePort } from '../setup/processes';
import { eventually, TestApp } from '../setup/test-app';
import { confirmacion, correo, queueMails, type CorreoState } from './mail-factories';

const TIMEOUT_MS = 1500;

/**
 * Mail when the SMTP server is not there (docs/decisions/correos.md, «Fallas»): refused connections, a server that
 * takes the connection and never speaks, one that reads the message and never answers, one whose connection drops
 * between the data and the answer. Each is a temporary fault: the message goes back to `queued` with the attempt
 * counted and the reason in Spanish, is retried with backoff, and once the server is back it is accepted exactly
 * once (one Message-ID at the server). Nothing is `sent` that the server did not accept with 250.
 */
describe('mail under SMTP faults: retried until the server is back, accepted once', () => {
  let sink: SmtpSink;
  let proxy: TcpProxy;
  let t: TestApp;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    proxy = new TcpProxy('127.0.0.1', sink.port);
    await proxy.start();
    t = await TestApp.start({
      env: { SMTP_URL: `smtp://127.0.0.1:${proxy.port}`, MAIL_SEND_TIMEOUT_MS: String(TIMEOUT_MS), MAIL_RETRY_DELAY_MS: '500' },
    });
  });

  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
    await sink?.stop();
  });

  /** Waits until the message has failed an attempt for this reason and is queued for the next one. */
  const retrying = (id: string, reason: RegExp, attempts = 1) =>
    eventually(
      () => correo(t, id),
      (c) => c.status === 'queued' && c.attempts >= attempts && reason.test(c.last_error ?? ''),
    );
  const sent = (id: string) =>
    eventually(
      () => correo(t, id),
      (c) => c.status !== 'queued' && c.status !== 'sending',
      60_000,
    );
  /** Exactly one message accepted for this address, with the row's Message-ID; nothing else comes later. */
  const acceptedOnce = async (row: CorreoState, email: string) => {
    expect(row).toMatchObject({ status: 'sent', last_error: null });
    expect(row.provider_message_id).toMatch(/^250/);
    await new Promise((r) => setTimeout(r, 1200)); // longer than the next backoff: no late duplicate
    const arrived = sink.to(email);
    expect(arrived).toHaveLength(1);
    expect(arrived[0].messageId).toBe(row.message_id);
  };

  it('the server down (connection refused): queued with the reason, retried with backoff, sent once when it is back', async () => {
    await proxy.cut();
    const [id] = await queueMails(t, [confirmacion({ email: 'rechazada@correo.test' })]);
    const down = await retrying(
      id,
      /^Sin conexión con el servidor SMTP: conexión rechazada \(el servidor no está escuchando\) \(ECONNREFUSED\)/,
      2,
    );
    expect(down.provider_message_id).toBeNull();
    expect(sink.to('rechazada@correo.test')).toHaveLength(0);
    await proxy.restore();
    const row = await sent(id);
    expect(row.attempts).toBeGreaterThanOrEqual(3);
    await acceptedOnce(row, 'rechazada@correo.test');
  });

  it('a server that takes the connection and never greets: the connection times out, sent once when it answers again', async () => {
    await proxy.cut(); // the pool's open connections go; the next ones find the hung server
    proxy.silence();
    await proxy.restore();
    const [id] = await queueMails(t, [confirmacion({ email: 'mudo@correo.test' })]);
    await retrying(id, /^Sin conexión con el servidor SMTP: tiempo de espera agotado esperando el saludo del servidor \(ETIMEDOUT\)/);
    await proxy.cut();
    proxy.forward();
    await proxy.restore();
    await acceptedOnce(await sent(id), 'mudo@correo.test');
  });

  it('a server that reads the message and never answers: timed out (no 250, so not sent), sent once afterwards', async () => {
    const dataBefore = sink.dataCount;
    sink.hold();
    const [id] = await queueMails(t, [confirmacion({ email: 'sin-respuesta@correo.test' })]);
    await eventually(() => sink.dataCount > dataBefore); // the server has the whole message, and says nothing
    expect((await correo(t, id)).status).toBe('sending');
    await retrying(id, /^Sin conexión con el servidor SMTP: tiempo de espera agotado esperando una respuesta del servidor \(ETIMEDOUT\)/);
    await eventually(() => sink.heldOpen === 0); // the client's close has reached the server
    sink.resume(); // its connection was closed by the client: the held message is not taken
    const row = await sent(id);
    expect(row.attempts).toBe(2);
    await acceptedOnce(row, 'sin-respuesta@correo.test');
    expect(sink.dataCount - dataBefore).toBe(2); // the data went twice; the server accepted it once
  });

  it('the connection dropped between the data and the answer: queued again, sent once on reconnection', async () => {
    const dataBefore = sink.dataCount;
    sink.hold();
    const [id] = await queueMails(t, [confirmacion({ email: 'cortada@correo.test' })]);
    await eventually(() => sink.dataCount > dataBefore);
    await proxy.cut(); // mid-transaction: the client sent DATA and never hears the answer
    await retrying(id, /^Sin conexión con el servidor SMTP: conexión cortada antes de la respuesta \(ECONNECTION\)/);
    await eventually(() => sink.heldOpen === 0); // the cut has reached the server
    sink.resume();
    await proxy.restore();
    const row = await sent(id);
    expect(row.attempts).toBe(2);
    await acceptedOnce(row, 'cortada@correo.test');
  });

  it('a burst queued while the server is down: every message once when it is back', async () => {
    await proxy.cut();
    const emails = Array.from({ length: 20 }, (_, i) => `rafaga${i}@correo.test`);
    const ids = await queueMails(
      t,
      emails.map((email) => confirmacion({ email })),
    );
    for (const id of ids) await retrying(id, /^Sin conexión con el servidor SMTP/);
    await proxy.restore();
    for (const id of ids) expect((await sent(id)).status).toBe('sent');
    for (const email of emails) expect(sink.to(email)).toHaveLength(1);
    const messageIds = sink.received.map((m) => m.messageId);
    expect(new Set(messageIds).size).toBe(messageIds.length);
  });
});

describe('mail under SMTP faults: out of attempts, failed with the last reason', () => {
  let t: TestApp;

  beforeAll(async () => {
    const nobody = await freePort(); // nothing listens there: every attempt is refused
    t = await TestApp.start({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${nobody}`,
        MAIL_SEND_TIMEOUT_MS: String(TIMEOUT_MS),
        MAIL_SEND_ATTEMPTS: '3',
        MAIL_RETRY_DELAY_MS: '100',
      },
    });
  });
  afterAll(() => t?.close());

  it('a transient fault that never ends: failed after MAIL_SEND_ATTEMPTS attempts, with the last reason', async () => {
    const [id] = await queueMails(t, [confirmacion({ email: 'nadie@correo.test' })]);
    const row = await eventually(
      () => correo(t, id),
      (c) => c.status === 'failed',
    );
    expect(row.attempts).toBe(3);
    expect(row.last_error).toMatch(/^Sin éxito tras 3 intentos\. Último error: Sin conexión con el servidor SMTP: conexión rechazada/);
    expect(row.provider_message_id).toBeNull();
  });
});
