import { RequestMethod, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import type { AppConfig } from './core/config/app-config';
import { API_COMPRESS_THRESHOLD_BYTES, HTTP_KEEP_ALIVE_MS, JSON_BODY_LIMIT, METRICS_PATH } from './core/constants';
import { HttpExceptionFilter, toErrorAnswer } from './core/errors/http-exception.filter';
import { InputPipe } from './core/http/input.pipe';
import { BEARER_SCHEME, describeDtosFromValidation, finishOpenApiDocument } from './core/http/openapi-schemas';
import { JsonTooDeepError, jsonNestsDeeperThan } from './core/http/input-policy';
import { precompressedStatic } from './core/http/precompressed-static';
import { accessLogMiddleware, createApiLogger, PinoNestLogger } from './core/logging/logging';
import { httpMetricsMiddleware } from './core/metrics/http-metrics';
import { MetricsRegistry } from './core/metrics/metrics-registry';
import { RedisIoAdapter } from './core/process/redis-io.adapter';
import { realtimeOnly, servesHttp, servesSockets } from './core/process/roles';

/** Builds the API exactly as production runs it; main.ts and the tests both use this. */
export async function createApp(
  config: AppConfig,
  options: { extraModules?: Type[]; logDestination?: DestinationStream } = {},
): Promise<NestExpressApplication> {
  const logger = createApiLogger(config.logLevel, options.logDestination);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options.extraModules), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  // Idle kept-alive connections outlive the clients' and the proxy's own idle times, so the client closes first and never
  // sends on a connection this server is closing (a reset, no answer). Headers must be allowed a little longer.
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = HTTP_KEEP_ALIVE_MS;
  server.headersTimeout = HTTP_KEEP_ALIVE_MS + 1000;
  app.use(accessLogMiddleware(logger));
  app.use(httpMetricsMiddleware(app.get(MetricsRegistry)));
  if (!servesHttp(config)) app.use(realtimeOnly());
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // API answers are not cached by validators: no ETag (Express hashes every response body for it).
  app.set('etag', false);

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // 'wasm-unsafe-eval' lets the door's QR reader compile its own WebAssembly (served from 'self'); it allows no eval of JavaScript.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  // Large API answers compressed on the fly (the web app's files are precompressed at build time and
  // already carry their Content-Encoding, which this leaves alone). Only reads: a write's answer is small (a
  // record, an outcome), and wrapping every response of a registration burst cost about 2 % of the API's CPU.
  const compress = compression({ threshold: API_COMPRESS_THRESHOLD_BYTES });
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.method === 'GET' || req.method === 'HEAD' ? compress(req, res, next) : next(),
  );

  // JSON bodies only, size-limited, nesting bounded on the raw bytes before JSON.parse; parser errors
  // answer JSON here (they never reach Nest's filter).
  const json = express.json({
    limit: JSON_BODY_LIMIT,
    verify: (_req, _res, buf) => {
      if (jsonNestsDeeperThan(buf)) throw new JsonTooDeepError();
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    json(req, res, (err?: unknown) => {
      if (!err) return next();
      const { status, body } = toErrorAnswer(err);
      res.status(status).json(body);
    });
  });

  // GET /metrics (Prometheus) stands outside /api: an operator's door on every process, not the API's contract.
  app.setGlobalPrefix('api', { exclude: [{ path: METRICS_PATH.slice(1), method: RequestMethod.GET }] });
  app.useGlobalPipes(new InputPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  if (servesSockets(config)) app.useWebSocketAdapter(new RedisIoAdapter(app, config));
  if (!servesHttp(config)) return app; // realtime only: /socket.io and /api/health, no documents nor pages

  const openapi = new DocumentBuilder()
    .setTitle('Aforo API')
    .setDescription(`Plataforma de eventos del municipio de ${config.municipio}`)
    .setVersion('1.0')
    // Relative: the server that serves this document (the paths carry /api), whatever its address.
    .addServer('/', 'Este servidor')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT o afo_…',
        description:
          'El token de una sesión (POST /api/login) o un token de API personal (`afo_…`, POST /api/tokens), limitado a sus permisos.',
      },
      BEARER_SCHEME,
    )
    .build();
  describeDtosFromValidation();
  SwaggerModule.setup('api/docs', app, () => finishOpenApiDocument(SwaggerModule.createDocument(app, openapi)), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });

  serveWebApp(app, config);
  return app;
}

/**
 * The built web app: static files with long caching for hashed assets, index.html for every other page.
 * Text assets go out as the brotli or gzip file the build made beside them when the browser accepts it
 * (br > gzip > identity, `Vary: Accept-Encoding`).
 */
function serveWebApp(app: NestExpressApplication, config: AppConfig): void {
  const index = join(config.webDistDir, 'index.html');
  if (!existsSync(index)) return;
  app.use(
    precompressedStatic(config.webDistDir, (path) =>
      path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    ),
  );
  app.use(
    '/assets',
    express.static(join(config.webDistDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false, index: false }),
  );
  app.use(express.static(config.webDistDir, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api') || req.path.startsWith('/socket.io') || req.path === METRICS_PATH) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // Relative to its root: an absolute path with a dot-folder in it (`~/.local/aforo/…`) would be refused as a dotfile.
    res.sendFile('index.html', { root: config.webDistDir });
  });
}
