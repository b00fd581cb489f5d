import { SmtpSink } from '../setup/smtp-sink';
import { eventually, TestApp } from '../setup/test-app';
import { confirmacion, queueMails } from './mail-factories';

const MESSAGES = 300;

/**
 * The workers process SIGKILLed in the middle of a batch (hundreds of queued messages, an SMTP
 * server slow to accept) and started again — every message arrives, none twice (by Message-ID). The kill
 * lands while the server holds the answers to messages whose data it has read: the dangerous moment for a
 * naive sender (it would either lose them or, if it had marked them sent, never deliver them).
 */
describe('mail: a workers process killed mid-batch loses nothing and sends nothing twice', () => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await SmtpSink.start({ acceptDelayMs: 25 });
    t = await TestApp.start({
      workers: false,
      env: { SMTP_URL: sink.url, JOB_LOCK_MS: '2000', MAIL_SEND_TIMEOUT_MS: '1500' },
    });
  });

  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  it('every message received exactly once after SIGKILL and restart', async () => {
    await queueMails(
      t,
      Array.from({ length: MESSAGES }, (_, i) => confirmacion({ id: 10_000 + i, email: `persona${i}@correo.test` })),
    );
    const first = t.spawnWorkersProcess();
    await sink.waitFor(MESSAGES / 3, 60_000);

    // Hold the server's answers: the messages on the wire now have their data read and no 250 yet.
    sink.hold();
    // Wait until a message really is on the wire, its data read and its answer held: without this the kill
    // can land between two messages (rows 'sending', nothing read yet) and the test proves less than it says.
    await eventually(
      () => sink.heldOpen,
      (n) => n > 0,
      30_000,
    );
    await new Promise((r) => setTimeout(r, 300)); // answers already given reach the worker and are recorded
    await t.killWorkersProcess(first);
    await eventually(
      () => sink.heldOpen,
      (n) => n === 0,
      30_000,
    ); // the server sees the connections close
    const atKill = sink.received.length;
    sink.resume(); // the held messages' connections are gone: no 250 was given, so they were not taken

    const inFlight = await t.query<{ id: string }>(`SELECT id::text FROM correos WHERE status = 'sending'`);
    expect(inFlight.length).toBeGreaterThan(0); // the kill did catch messages between DATA and the answer
    expect(atKill).toBeLessThan(MESSAGES);
    expect(sink.dataCount).toBeGreaterThan(atKill);

    t.spawnWorkersProcess();
    await sink.waitFor(MESSAGES, 90_000);
    const rows = await eventually(
      () =>
        t.query<{ status: string; message_id: string; attempts: number; id: string }>(
          `SELECT id::text, status, message_id, attempts FROM correos`,
        ),
      (all) => all.every((r) => r.status === 'sent'),
      60_000,
    );
    expect(rows).toHaveLength(MESSAGES);

    // None twice: every accepted Message-ID is unique, and each is one of our rows'.
    const ids = sink.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(MESSAGES);
    expect(new Set(ids)).toEqual(new Set(rows.map((r) => r.message_id)));
    // The messages caught on the wire were sent again, with the same Message-ID, on a second attempt.
    const retried = rows.filter((r) => inFlight.some((f) => f.id === r.id));
    for (const r of retried) expect(r.attempts).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 1000));
    expect(sink.received).toHaveLength(MESSAGES); // nothing more arrives later
  }, 240_000);
});
