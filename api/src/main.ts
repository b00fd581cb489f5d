import 'reflect-metadata';
import { createApp } from './app.factory';
import { loadConfigOrExit } from './core/config/app-config';
import { drainOnSigterm } from './core/process/shutdown';
import { AREA_SETTINGS } from './modules';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit(AREA_SETTINGS);
  const app = await createApp(config);
  drainOnSigterm(app, config.shutdownDrainMs);
  await app.listen(config.port, process.env.HOST || '0.0.0.0');
}

void bootstrap();
