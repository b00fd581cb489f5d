import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { METRICS_READ_CACHE_MS } from '../constants';

/** One value of a gauge: its labels (kinds, states, names of queues: never a person's data nor a record's id) and its value. */
export interface GaugeSample<L extends string = string> {
  labels: Record<L, string>;
  value: number;
}

/** A gauge read when scraped: `read` answers every sample it has now (the ones it does not answer are gone). */
export interface GaugeSource<L extends string = string> {
  name: string;
  help: string;
  labelNames: readonly L[];
  read(): GaugeSample<L>[] | Promise<GaugeSample<L>[]>;
  /** A read of PostgreSQL or Redis is kept this long (default METRICS_READ_CACHE_MS); an in-process read, 0. */
  cacheMs?: number;
}

/**
 * The Prometheus metrics of one process (prom-client): Node's own (CPU, memory, GC, event-loop delay) and what
 * core and the areas add here — the HTTP histogram (core/metrics/http-metrics.ts), the sockets per room kind (the
 * realtime gateway), the cluster's backlog (core/outbox/outbox-metrics.ts, core/jobs/queue-metrics.ts) and each area's gauges (mail's
 * messages by status). Core never names an area: an area adds its own gauge when its module starts.
 */
@Injectable()
export class MetricsRegistry {
  private readonly logger = new Logger(MetricsRegistry.name);
  private readonly registry = new Registry();
  private readonly readFailures: Counter<'metric'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.readFailures = new Counter({
      name: 'aforo_metrics_read_failures_total',
      help: 'Lecturas de una métrica que fallaron (PostgreSQL o Redis no respondieron); la métrica queda vacía en ese raspado.',
      labelNames: ['metric'],
      registers: [this.registry],
    });
  }

  histogram<L extends string>(config: { name: string; help: string; labelNames: readonly L[]; buckets: number[] }): Histogram<L> {
    return new Histogram({ ...config, labelNames: [...config.labelNames], registers: [this.registry] });
  }

  /**
   * A gauge whose samples are read at scrape time, at most once per `cacheMs`; a failed read is counted and leaves it
   * without a value (no samples; NaN without labels) for that scrape: the scrape itself never fails for it.
   */
  gauge<L extends string>(source: GaugeSource<L>): void {
    const cacheMs = source.cacheMs ?? METRICS_READ_CACHE_MS;
    let cached: { at: number; samples: Promise<GaugeSample<L>[]> } | null = null;
    const samples = (): Promise<GaugeSample<L>[]> => {
      const now = Date.now();
      if (!cached || now - cached.at >= cacheMs) {
        const read = Promise.resolve().then(() => source.read());
        cached = { at: now, samples: read };
        read.catch(() => (cached = null)); // a failure is not remembered
      }
      return cached.samples;
    };
    const failures = this.readFailures;
    const logger = this.logger;
    new Gauge<L>({
      name: source.name,
      help: source.help,
      labelNames: [...source.labelNames],
      registers: [this.registry],
      async collect() {
        let read: GaugeSample<L>[] | null = null;
        try {
          read = await samples();
        } catch (err) {
          failures.inc({ metric: source.name });
          logger.warn(`Metric ${source.name}: ${(err as Error).message}`);
        }
        this.reset();
        if (read) for (const s of read) this.set(s.labels as Partial<Record<L, string>>, s.value);
        // Unread is not zero (a reset gauge without labels says 0: "nothing waits"): NaN says "unknown".
        else if (source.labelNames.length === 0) this.set(NaN);
      },
    });
  }

  /** The exposition text (Prometheus' text format) and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
