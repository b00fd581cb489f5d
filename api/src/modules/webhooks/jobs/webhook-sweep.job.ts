import { Injectable } from '@nestjs/common';
import { JobBase } from '@core/jobs/job-base';
import { WebhookLine } from '../webhook-line';
import { WebhooksRepository } from '../webhooks.repository';
import { WebhookQueue } from './webhook-queue';

/**
 * webhooks.sweep (every SWEEP_EVERY_MS): takes into each active line the events a relay published behind its cursor,
 * runs every active line — what a lost wake-up, Redis down at the relay's moment or a worker killed mid-delivery
 * left — and drops finished deliveries past the log's days.
 */
@Injectable()
export class WebhookSweepJob extends JobBase<'webhooks.sweep'> {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly line: WebhookLine,
    private readonly queue: WebhookQueue,
  ) {
    super('webhooks.sweep');
  }

  async handle(): Promise<void> {
    const endpoints = await this.repo.activeIds();
    for (const e of endpoints) await this.line.takeLate(e.id);
    await this.queue.now(
      endpoints.map((e) => e.id),
      `sweep-${Date.now()}`,
    );
    await this.repo.pruneLog();
  }
}
