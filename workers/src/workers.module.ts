import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { dataSourceOptions } from '@core/database/data-source';
import { AuditRepository } from '@core/audit/audit.repository';
import { ImportsRepository } from '@core/people/imports.repository';
import { OutboxRepository } from '@core/outbox/outbox.repository';
import { AuditProcessor } from './processors/audit.processor';
import { MaintenanceProcessor } from './processors/maintenance.processor';
import { PersonaImportProcessor } from './processors/persona-import.processor';
import { QueueWorkers } from './queue-workers';
import { SocketEmitter } from './socket-emitter';

@Module({})
export class WorkersModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkersModule,
      imports: [
        LoggerModule.forRoot({ pinoHttp: { level: config.logLevel } }),
        TypeOrmModule.forRoot(dataSourceOptions(config.databaseUrl, { extra: { max: 10, application_name: 'aforo-workers' } })),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        SocketEmitter,
        AuditRepository,
        AuditProcessor,
        MaintenanceProcessor,
        ImportsRepository,
        OutboxRepository,
        PersonaImportProcessor,
        QueueWorkers,
      ],
      exports: [QueueWorkers],
    };
  }
}
