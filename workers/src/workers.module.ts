import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { dataSourceOptions } from '@core/database/data-source';
import { jobHandlersProvider, jobSchedulesProvider, type JobsModule } from '@core/jobs/job-handler';
import { QueueMetrics } from '@core/jobs/queue-metrics';
import { PlatformJobsModule } from '@core/jobs/platform-jobs.module';
import { SignedLinks } from '@core/links/signed-links';
import { MetricsRegistry } from '@core/metrics/metrics-registry';
import { MetricsServer } from '@core/metrics/metrics-server';
import { OutboxMetrics } from '@core/outbox/outbox-metrics';
import { OutboxRepository } from '@core/outbox/outbox.repository';
import { SocketEmitter } from '@core/realtime/socket-emitter';
import { AREA_ENTITIES } from '@modules/entities';
import { AREA_JOBS_MODULES } from '@modules/index';
import { QueueWorkers } from './queue-workers';

/** The platform's jobs and every area's (api/src/modules/index.ts). Each brings its handlers; none lives here. */
const JOBS_MODULES: readonly JobsModule[] = [PlatformJobsModule, ...AREA_JOBS_MODULES];

/**
 * What every job handler may inject: configuration, the Redis emitter to socket rooms, the outbox, signed links, the
 * process's metrics (an area adds its gauges). The process's GET /metrics (METRICS_PORT) and the cluster's backlog.
 */
@Global()
@Module({})
class WorkersCoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    const shared = [SocketEmitter, OutboxRepository, SignedLinks, MetricsRegistry];
    // The cluster's backlog (outbox, queues) is read here, never by the busy api processes.
    const providers = [{ provide: APP_CONFIG, useValue: config }, ...shared, OutboxMetrics, QueueMetrics, MetricsServer];
    return { module: WorkersCoreModule, providers, exports: [APP_CONFIG, ...shared] };
  }
}

@Module({})
export class WorkersModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkersModule,
      imports: [
        LoggerModule.forRoot({ pinoHttp: { level: config.logLevel } }),
        TypeOrmModule.forRoot(
          dataSourceOptions(config.databaseUrl, AREA_ENTITIES, {
            extra: { max: config.databasePoolSize ?? 10, application_name: 'aforo-workers' },
          }),
        ),
        WorkersCoreModule.forRoot(config),
        ...JOBS_MODULES,
      ],
      providers: [jobHandlersProvider(JOBS_MODULES), jobSchedulesProvider(JOBS_MODULES), QueueWorkers],
      exports: [QueueWorkers],
    };
  }
}
