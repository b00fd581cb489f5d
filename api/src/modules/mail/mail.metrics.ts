import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MetricsRegistry } from '@core/metrics/metrics-registry';
import { MAIL_STATUSES } from '@shared/contracts/mail.contract';
import { MailRepository } from './mail.repository';

/**
 * Mail's gauge on the workers' GET /metrics: messages by status (`aforo_mails{status}`), every status named even at 0
 * so a dashboard's line starts at zero. Read from `correos` at most once per METRICS_READ_CACHE_MS.
 */
@Injectable()
export class MailMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsRegistry,
    private readonly mail: MailRepository,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge({
      name: 'aforo_mails',
      help: 'Correos por estado (tabla correos).',
      labelNames: ['status'],
      read: async () => {
        const counts = new Map((await this.mail.countByStatus()).map((r) => [r.status, r.count]));
        return MAIL_STATUSES.map((status) => ({ labels: { status }, value: counts.get(status) ?? 0 }));
      },
    });
  }
}
