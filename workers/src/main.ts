import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from '@core/config/app-config';
import { lowerPriority, WORKERS_NICE } from '@core/process/priority';
import { AREA_SETTINGS } from '@modules/index';
import { WorkersModule } from './workers.module';

async function bootstrap(): Promise<void> {
  lowerPriority(WORKERS_NICE);
  const config = loadConfigOrExit(AREA_SETTINGS);
  const app = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
}

void bootstrap();
