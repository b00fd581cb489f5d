import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsAccess, metricsRefusal } from '../access/metrics-access';
import { toErrorAnswer } from '../errors/http-exception.filter';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { METRICS_PATH } from '../constants';
import { MetricsRegistry } from './metrics-registry';

/**
 * `GET /metrics` of a process without HTTP of its own (the workers): a small listener on METRICS_HOST:METRICS_PORT
 * (none when METRICS_PORT is unset), with the API's access rule (core/access/metrics-access.ts) and its JSON answers.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === null) return;
    const server = createServer((req, res) => void this.answer(req, res));
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', (err) => {
        // Metrics never stop the jobs: a taken port is said, and this process runs without its /metrics.
        this.logger.warn(`Metrics listener on ${this.config.metricsHost}:${this.config.metricsPort}: ${err.message}`);
        resolve(false);
      });
      server.listen(this.config.metricsPort ?? 0, this.config.metricsHost, () => resolve(true));
    });
    if (!listening) return;
    this.server = server;
    this.logger.log(`Metrics on http://${this.config.metricsHost}:${this.port}${METRICS_PATH}`);
  }

  /** The port it listens on (the one the system chose for METRICS_PORT=0); null when it does not listen. */
  get port(): number | null {
    return (this.server?.address() as AddressInfo | null)?.port ?? null;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    const access =
      path === METRICS_PATH && (req.method === 'GET' || req.method === 'HEAD')
        ? metricsAccess(req.socket.remoteAddress, req.headers, this.config.metricsToken)
        : 'not-found';
    if (access !== 'allowed') return refuse(res, access);
    try {
      const { contentType, body } = await this.metrics.scrape();
      res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      this.logger.error(`Metrics: ${(err as Error).message}`);
      const { status, body } = toErrorAnswer(err);
      send(res, status, body);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The same JSON answer the API's filter gives (core/errors/http-exception.filter.ts). */
function refuse(res: ServerResponse, access: Parameters<typeof metricsRefusal>[0]): void {
  const { status, body, headers } = toErrorAnswer(metricsRefusal(access));
  send(res, status, body, headers);
}

function send(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}
