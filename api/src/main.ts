import 'reflect-metadata';
import { createApp } from './app.factory';
import { loadConfigOrExit } from './core/config/app-config';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen(config.port, process.env.HOST ?? '0.0.0.0');
}

void bootstrap();
