import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from '@core/config/app-config';
import { WORKERS_NICE } from '@core/constants';
import { WorkersModule } from './workers.module';

/**
 * Background work yields the CPU to the API: every thread of this process (on Linux each thread has its
 * own nice value; threads started later inherit it) runs at a lower priority. Without permission to change
 * it, the workers run as they are.
 */
function lowerPriority(nice: number): void {
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    /* not Linux */
  }
  for (const tid of threads.length ? threads.map(Number) : [0]) {
    try {
      if (getPriority(tid) < nice) setPriority(tid, nice); // never raises a priority lowered by whoever started it
    } catch {
      /* not allowed */
    }
  }
}

async function bootstrap(): Promise<void> {
  lowerPriority(WORKERS_NICE);
  const config = loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
}

void bootstrap();
