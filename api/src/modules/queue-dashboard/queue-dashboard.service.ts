import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Queue, type ConnectionOptions } from 'bullmq';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { AuthUser } from '@core/access/current-user';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { QUEUE_DASHBOARD_SESSION_SECONDS } from './queue-dashboard.constants';
import { QUEUES } from '@shared/jobs/jobs';
import { redisOptionsFromUrl } from '@core/redis/redis-options';
import { QUEUE_DASHBOARD_PATH, QUEUE_DASHBOARD_SCOPE } from '@core/access/dashboard-cookie';
import { closeQueue } from '@core/jobs/close-queue';

/** bull-board over the app's queues, built on first use (no Redis connections until a super admin opens it). */
@Injectable()
export class QueueDashboardService implements OnApplicationShutdown {
  private app: Express | null = null;
  private queues: Queue[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
  ) {}

  /** A token for the dashboard cookie: the caller's session (logout revokes it too), marked for this use only. */
  async issueToken(user: AuthUser): Promise<{ token: string; expiresAt: Date }> {
    const token = await this.jwt.signAsync(
      { sub: user.id, jti: user.sessionId, scope: QUEUE_DASHBOARD_SCOPE },
      { expiresIn: QUEUE_DASHBOARD_SESSION_SECONDS },
    );
    return { token, expiresAt: new Date(Date.now() + QUEUE_DASHBOARD_SESSION_SECONDS * 1000) };
  }

  handle(req: Request, res: Response, next: NextFunction): void {
    this.app ??= this.build();
    this.app(req, res, next);
  }

  private build(): Express {
    const serverAdapter = new ExpressAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
    this.queues = Object.values(QUEUES).map(
      (name) =>
        new Queue(name, {
          prefix: `${this.config.redisPrefix}:bull`,
          connection: redisOptionsFromUrl(this.config.redisUrl, { maxRetriesPerRequest: 1 }) as ConnectionOptions,
        }),
    );
    for (const q of this.queues) q.on('error', () => undefined);
    createBullBoard({
      queues: this.queues.map((q) => new BullMQAdapter(q)),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'Aforo · Colas' } },
    });
    const outer = express();
    outer.use(QUEUE_DASHBOARD_PATH, serverAdapter.getRouter() as Express);
    return outer;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.splice(0).map((q) => closeQueue(q)));
  }
}
