import { Queue, type ConnectionOptions } from 'bullmq';
import { perMinuteLimiter } from '../../api/src/core/jobs/job-handler';
import { redisOptionsFromUrl } from '../../api/src/core/redis/redis-options';
import { MailQueue } from '../../api/src/modules/mail/jobs/mail-queue';
import { mailQueueAheadDefault } from '../../api/src/modules/mail/mail.settings';
import { QUEUES } from '../../api/src/shared/jobs/jobs';
import { mailedApp, type MailedApp } from '../setup/mailed-app';
import { SmtpSink } from '../setup/smtp-sink';
import { TestApp } from '../setup/test-app';
import { confirmacion, queueMails } from './mail-factories';

/**
 * MAIL_PER_MINUTE (docs/decisions/correos.md): at most so many messages a minute leave for the SMTP server, across
 * every workers process — a relay's own limit, and the API's CPU during a bulk send. Real workers, a real SMTP
 * server: what is asserted is the limit (never more than allowed in a window), not a speed.
 */
describe('mail pace: MAIL_PER_MINUTE limits what leaves for the SMTP server', () => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    // 120 a minute: 2 per one-second window.
    t = await TestApp.start({ env: { SMTP_URL: sink.url, MAIL_PER_MINUTE: '120', PUBLIC_URL: 'https://eventos.monterrey.test' } });
  });

  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  it('six messages queued at once leave two per second, all of them, each once', async () => {
    const ids = await queueMails(
      t,
      Array.from({ length: 6 }, (_, i) => confirmacion({ email: `ritmo${i}@correo.test` })),
    );
    expect(ids).toHaveLength(6);
    await sink.waitFor(6);
    const times = sink.received.map((m) => m.at).sort((a, b) => a - b);
    expect(new Set(sink.received.map((m) => m.messageId)).size).toBe(6);
    // BullMQ's limiter opens a 1 s window at the first message it lets through and lets 2 more out when it ends:
    // any five messages meet at least three windows, so the fifth leaves at least one whole window after the first
    // (a run saw 979 ms from the 1st to the 6th: the windows are not aligned to the clock, so no more than that is
    // promised). Without the limiter all six reach the server within a few tens of milliseconds; the margin below
    // one window is for delivery jitter on a loaded machine.
    for (let i = 0; i + 4 < times.length; i += 1) expect(times[i + 4] - times[i]).toBeGreaterThanOrEqual(500);
  });
});

/** The app's mail queue as a second client sees it (its counts), for a describe block with `app`. */
function mailJobsOf(app: MailedApp): { queue: Queue } {
  const jobs = {} as { queue: Queue };
  beforeAll(() => {
    jobs.queue = new Queue(QUEUES.mail, {
      prefix: `${app.t.config.redisPrefix}:bull`,
      connection: redisOptionsFromUrl(app.t.config.redisUrl, { maxRetriesPerRequest: 1 }) as ConnectionOptions,
    });
  });
  afterAll(() => jobs.queue?.close());
  return jobs;
}

/**
 * MAIL_QUEUE_AHEAD (docs/decisions/correos.md): a long line of messages waits in PostgreSQL, where its rows are, and
 * only so many jobs wait in Redis for the pace; the dispatcher hands the rest over as the queue empties.
 */
describe('mail queue ahead: a long line waits in PostgreSQL, not in Redis', () => {
  const app = mailedApp({ MAIL_PER_MINUTE: '1200', MAIL_QUEUE_AHEAD: '5' });
  const jobs = mailJobsOf(app);

  it('forty messages queued at once: never more than five jobs waiting in Redis, every message sent once', async () => {
    let most = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const counts = await jobs.queue.getJobCounts('wait', 'prioritized', 'delayed');
        most = Math.max(most, counts.wait + counts.prioritized + counts.delayed);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    try {
      const ids = await queueMails(
        app.t,
        Array.from({ length: 40 }, (_, i) => confirmacion({ email: `fila${i}@correo.test` })),
      );
      expect(ids).toHaveLength(40);
      await app.sink.waitFor(40, 60_000);
    } finally {
      sampling = false;
      await sampler;
    }
    expect(new Set(app.sink.received.map((m) => m.messageId)).size).toBe(40);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(5);
    const [{ n }] = await app.t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM correos WHERE to_email LIKE 'fila%' AND status = 'sent'`,
    );
    expect(n).toBe(40);
  });

  it('the default: what the pace sends in 30 seconds, at least 100; no bound when the pace is 0', () => {
    expect(mailQueueAheadDefault(1200)).toBe(600);
    expect(mailQueueAheadDefault(30)).toBe(100);
    expect(mailQueueAheadDefault(0)).toBeNull();
  });
});

/** While the queue is full, what NOTIFYs bring waits for the hand-over instead of asking Redis each time. */
describe('mail queue ahead: a full queue is not asked again at every notification', () => {
  const app = mailedApp({ MAIL_PER_MINUTE: '60', MAIL_QUEUE_AHEAD: '2' });
  const jobs = mailJobsOf(app);

  it('twenty statements that queue a message each, while two jobs wait for the pace: Redis asked once a second at most', async () => {
    await queueMails(
      app.t,
      Array.from({ length: 5 }, (_, i) => confirmacion({ email: `lleno${i}@correo.test` })),
    );
    let full = false;
    for (let i = 0; i < 100 && !full; i += 1) {
      const counts = await jobs.queue.getJobCounts('wait', 'prioritized', 'delayed');
      full = counts.wait + counts.prioritized + counts.delayed >= 2;
      if (!full) await new Promise((r) => setTimeout(r, 50));
    }
    expect(full).toBe(true); // the case under test: the queue holds MAIL_QUEUE_AHEAD
    const mailQueue = app.t.workers!.get(MailQueue, { strict: false });
    const asked = jest.spyOn(mailQueue, 'room'); // counts the real calls; the queue answers as always
    const started = Date.now();
    try {
      for (let i = 0; i < 20; i += 1) await queueMails(app.t, [confirmacion({ email: `espera${i}@correo.test` })]);
      await new Promise((r) => setTimeout(r, 200)); // the last notifications arrive
      const seconds = (Date.now() - started) / 1000;
      // One question when the hand-over timer fires (every second), none per notification: 20 without the rule.
      expect(asked.mock.calls.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    } finally {
      asked.mockRestore();
    }
    const [{ n }] = await app.t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM correos WHERE to_email LIKE 'espera%' AND status = 'queued'`,
    );
    expect(n).toBeGreaterThan(0); // still waiting their turn in PostgreSQL
  });
});

describe('perMinuteLimiter: a pace as a BullMQ limiter', () => {
  it('uses the shortest window that holds a message, never above the pace', () => {
    expect(perMinuteLimiter(0)).toBeUndefined();
    expect(perMinuteLimiter(-5)).toBeUndefined();
    expect(perMinuteLimiter(Number.NaN)).toBeUndefined();
    expect(perMinuteLimiter(1200)).toEqual({ max: 4, duration: 200 }); // 20 a second, spread in fifths
    expect(perMinuteLimiter(3001)).toEqual({ max: 10, duration: 200 });
    expect(perMinuteLimiter(120)).toEqual({ max: 2, duration: 1000 });
    expect(perMinuteLimiter(30)).toEqual({ max: 30, duration: 60_000 }); // Microsoft 365's relay
    expect(perMinuteLimiter(1)).toEqual({ max: 1, duration: 60_000 });
  });
});
