import 'reflect-metadata';
import { createApp } from './app.factory';
import { loadConfigOrExit } from './core/config/app-config';
import { ShutdownState } from './core/process/shutdown-state';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  // SIGTERM drains first (health 503 for SHUTDOWN_DRAIN_MS: the load balancer stops sending), then closes:
  // requests in flight finish, sockets are told to go and reconnect through the balancer to another process.
  app.enableShutdownHooks(['SIGINT']);
  process.once('SIGTERM', () => {
    app.get(ShutdownState).drain();
    setTimeout(() => {
      void app.close().finally(() => process.exit(0));
    }, config.shutdownDrainMs);
  });
  await app.listen(config.port, process.env.HOST || '0.0.0.0');
}

void bootstrap();
