import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { MailRepository } from '../mail.repository';
import { mailSendingLeaseMs } from '../mail-send.rules';
import { MailQueue } from './mail-queue';

/** How many queued ids are enqueued together (a burst of registrations is a few addBulk calls, not one per message). */
const FLUSH_MAX = 500;
const RECONNECT_MS = 1000;

/**
 * From a committed row to its job, in the workers: `queue_mail` NOTIFYs `aforo_mail` with the id when its
 * transaction commits; this LISTENs on a connection of its own (never through a pooler) and enqueues one
 * `mail.send` per id. At start and after every reconnection it enqueues everything still waiting, so a
 * message queued while no workers ran, or while Redis was down, is never lost; the scheduled `mail.sweep`
 * covers a NOTIFY that arrived while Redis refused the job.
 */
@Injectable()
export class MailDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailDispatcher.name);
  private client: Client | null = null;
  private pending = new Set<string>();
  private flushing: Promise<void> | null = null;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mails: MailRepository,
    private readonly queue: MailQueue,
  ) {}

  onApplicationBootstrap(): void {
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.config.databaseUrl, application_name: 'aforo-mail-dispatcher' });
    client.on('error', (err) => this.reconnect(client, err));
    client.on('end', () => this.reconnect(client, new Error('conexión cerrada')));
    client.on('notification', (n) => {
      if (n.channel === 'aforo_mail' && n.payload) this.add([n.payload]);
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
    if (!this.flushing) this.flushing = this.flush().finally(() => (this.flushing = null));
  }

  private async flush(): Promise<void> {
    while (this.pending.size > 0 && !this.stopped) {
      const batch = [...this.pending].slice(0, FLUSH_MAX);
      for (const id of batch) this.pending.delete(id);
      await this.queue.enqueue(batch); // on failure they stay queued in PostgreSQL: the sweep takes them
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.flushing;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
