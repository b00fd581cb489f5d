import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MetricsRegistry } from '../metrics/metrics-registry';
import { OutboxRepository } from './outbox.repository';

/**
 * The outbox's backlog on GET /metrics: how long the oldest undelivered domain event has waited and how many wait
 * (0 and 0 when all is delivered). The same number from any process: the workers report it (docs/decisions/plataforma.md
 * «Quién lee /metrics»), so an api process never spends a query on a scrape.
 */
@Injectable()
export class OutboxMetrics implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly metrics: MetricsRegistry,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge({
      name: 'aforo_outbox_lag_seconds',
      help: 'Antigüedad del evento de dominio más viejo sin entregar (0 si no hay ninguno).',
      labelNames: [],
      read: async () => [{ labels: {}, value: (await this.outbox.undelivered(this.ds.manager)).lagSeconds }],
    });
    this.metrics.gauge({
      name: 'aforo_outbox_pending',
      help: 'Eventos de dominio sin entregar.',
      labelNames: [],
      read: async () => [{ labels: {}, value: (await this.outbox.undelivered(this.ds.manager)).pending }],
    });
  }
}
