import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { MailSettings } from '../mail.settings';
import { MailRepository } from '../mail.repository';
import { mailSendingLeaseMs } from '../mail-send.rules';
import { MailQueue } from './mail-queue';

/** How many queued ids are enqueued together (a burst of registrations is a few addBulk calls, not one per message). */
const FLUSH_MAX = 500;
const RECONNECT_MS = 1000;
/** While Redis refuses jobs: everything waiting is read again from PostgreSQL and offered to it, first after
 * RECOVER_MS, then doubling up to RECOVER_MAX_MS (a long outage costs one read every few seconds). */
const RECOVER_MS = 500;
const RECOVER_MAX_MS = 5000;
/** While MAIL_QUEUE_AHEAD messages already wait in Redis, the rest is offered again this often. */
const HAND_OVER_MS = 1000;

/**
 * From a committed row to its job, in the workers: `mail_announce` (from `queue_mails`) NOTIFYs `aforo_mail` with the ids a statement
 * queued (one NOTIFY per statement) when its transaction commits; this LISTENs on a connection of its own (never through a pooler) and enqueues one
 * `mail.send` per id — at most MAIL_QUEUE_AHEAD waiting in Redis at a time: the others stay in PostgreSQL (their
 * rows are the queue of record) and in this process's list, handed over every second as the pace sends. At start
 * and after every reconnection to PostgreSQL it enqueues everything still waiting,
 * so a message queued while no workers ran is never lost. When Redis refuses a job or its connection drops, it
 * reads everything waiting from PostgreSQL again every few seconds until Redis takes it: the messages queued
 * during a Redis outage, and the jobs a Redis that came back empty lost, go out as soon as Redis answers (a job
 * that still exists is not added twice: same job id). The scheduled `mail.sweep` stays as the last net.
 */
@Injectable()
export class MailDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailDispatcher.name);
  private client: Client | null = null;
  private pending = new Set<string>();
  private flushing: Promise<void> | null = null;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private recoverTimer: NodeJS.Timeout | null = null;
  private handOverTimer: NodeJS.Timeout | null = null;
  private recoverDelay = RECOVER_MS;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & MailSettings,
    private readonly mails: MailRepository,
    private readonly queue: MailQueue,
  ) {
    queue.onConnectionLost(() => this.recoverLater());
  }

  onApplicationBootstrap(): void {
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.config.databaseUrl, application_name: 'aforo-mail-dispatcher' });
    client.on('error', (err) => this.reconnect(client, err));
    client.on('end', () => this.reconnect(client, new Error('conexión cerrada')));
    client.on('notification', (n) => {
      // One NOTIFY per statement that queued messages: their ids, comma-separated (mail_announce, mail.sql.ts).
      if (n.channel === 'aforo_mail' && n.payload) this.add(n.payload.split(',').filter(Boolean));
    });
    try {
      await client.connect();
      await client.query('LISTEN aforo_mail');
      this.client = client;
      await this.enqueueWaiting();
    } catch (err) {
      this.reconnect(client, err as Error);
    }
  }

  private reconnect(client: Client, err: Error): void {
    if (this.stopped || (this.client !== client && this.client !== null) || this.reconnectTimer) return;
    this.logger.warn(`LISTEN aforo_mail perdido: ${err.message}; reconectando`);
    this.client = null;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, RECONNECT_MS);
  }

  /** Everything waiting now: queued rows, and rows a crashed worker left in 'sending' past the lease. */
  async enqueueWaiting(): Promise<void> {
    const ids = await this.mails.pending(0, mailSendingLeaseMs(this.config), 50_000);
    this.add(ids);
  }

  private add(ids: string[]): void {
    for (const id of ids) this.pending.add(id);
    // While the queue holds MAIL_QUEUE_AHEAD already, what arrives waits for the hand-over: a burst's NOTIFYs (one
    // per batch of registrations, a hundred a second) would each ask Redis for its counts only to hear "full".
    if (this.handOverTimer) return;
    if (!this.flushing && this.pending.size > 0) this.flushing = this.flush().finally(() => (this.flushing = null));
  }

  private async flush(): Promise<void> {
    while (this.pending.size > 0 && !this.stopped) {
      let room: number;
      try {
        room = await this.queue.room();
      } catch {
        room = -1;
      }
      if (room === 0) {
        this.handOverLater();
        return;
      }
      const batch: string[] = [];
      for (const id of this.pending) {
        if (batch.length >= Math.min(FLUSH_MAX, room < 0 ? FLUSH_MAX : room)) break;
        batch.push(id);
      }
      for (const id of batch) this.pending.delete(id);
      if (room < 0 || !(await this.queue.enqueue(batch))) {
        // Redis refused them: they stay queued in PostgreSQL, where recover() reads them (and the rest) again.
        this.pending.clear();
        this.recoverLater();
        return;
      }
      this.recoverDelay = RECOVER_MS;
    }
  }

  /** The queue holds MAIL_QUEUE_AHEAD already: what waits here is offered again in a second. */
  private handOverLater(): void {
    if (this.stopped || this.handOverTimer) return;
    this.handOverTimer = setTimeout(() => {
      this.handOverTimer = null;
      this.add([]);
    }, HAND_OVER_MS);
    this.handOverTimer.unref();
  }

  private recoverLater(): void {
    if (this.stopped || this.recoverTimer) return;
    this.recoverTimer = setTimeout(() => {
      this.recoverTimer = null;
      void this.recover();
    }, this.recoverDelay);
    this.recoverTimer.unref();
    this.recoverDelay = Math.min(this.recoverDelay * 2, RECOVER_MAX_MS);
  }

  /** Everything waiting, offered to Redis again (as the queue has room); until Redis takes it, tried again later. */
  private async recover(): Promise<void> {
    try {
      this.add(await this.mails.pending(0, mailSendingLeaseMs(this.config), 50_000));
    } catch (err) {
      this.logger.warn(`Correos pendientes no leídos: ${(err as Error).message}`);
      this.recoverLater(); // PostgreSQL down as well: its LISTEN reconnection enqueues them too
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.recoverTimer) clearTimeout(this.recoverTimer);
    if (this.handOverTimer) clearTimeout(this.handOverTimer);
    await this.flushing;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
