import 'reflect-metadata';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './core/config/app-config';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen(config.port, process.env.HOST ?? '0.0.0.0');
}

void bootstrap();
