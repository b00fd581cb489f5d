import type { INestApplication } from '@nestjs/common';
import { ShutdownState } from './shutdown-state';

/**
 * SIGTERM drains first (health 503 for `drainMs`: the load balancer stops sending), then closes: requests in flight
 * finish, sockets are told to go and reconnect through the balancer to another process. SIGINT closes at once.
 */
export function drainOnSigterm(app: INestApplication, drainMs: number): void {
  app.enableShutdownHooks(['SIGINT']);
  process.once('SIGTERM', () => {
    app.get(ShutdownState).drain();
    setTimeout(() => {
      void app.close().finally(() => process.exit(0));
    }, drainMs);
  });
}
