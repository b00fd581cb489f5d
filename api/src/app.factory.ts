import { type Type, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from './app.module';
import type { AppConfig } from './core/config/app-config';
import { JSON_BODY_LIMIT } from './core/constants';
import { DomainException } from './core/errors/domain-exception';
import { HttpExceptionFilter, toErrorAnswer } from './core/errors/http-exception.filter';
import { toFieldErrors } from './core/errors/validation-messages';
import { accessLogMiddleware, createApiLogger, PinoNestLogger } from './core/logging/logging';
import { RedisIoAdapter } from './core/realtime/redis-io.adapter';

/** Builds the API exactly as production runs it; main.ts and the tests both use this. */
export async function createApp(config: AppConfig, options: { extraModules?: Type[] } = {}): Promise<NestExpressApplication> {
  const logger = createApiLogger(config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options.extraModules), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  app.use(accessLogMiddleware(logger));
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
          scriptSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  // JSON bodies only, size-limited; parser errors answer JSON here (they never reach Nest's filter).
  const json = express.json({ limit: JSON_BODY_LIMIT });
  app.use((req: Request, res: Response, next: NextFunction) => {
    json(req, res, (err?: unknown) => {
      if (!err) return next();
      const { status, body } = toErrorAnswer(err);
      res.status(status).json(body);
    });
  });

  app.setGlobalPrefix('api');
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      stopAtFirstError: false,
      exceptionFactory: (errors) => DomainException.validation(toFieldErrors(errors)),
    }),
  );
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useWebSocketAdapter(new RedisIoAdapter(app, config));

  const openapi = new DocumentBuilder()
    .setTitle('Aforo API')
    .setDescription(`Plataforma de eventos del municipio de ${config.municipio}`)
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openapi), { jsonDocumentUrl: 'api/docs/openapi.json' });

  serveWebApp(app, config);
  return app;
}

/** The built web app: static files with long caching for hashed assets, index.html for every other page. */
function serveWebApp(app: NestExpressApplication, config: AppConfig): void {
  const index = join(config.webDistDir, 'index.html');
  if (!existsSync(index)) return;
  app.use(
    '/assets',
    express.static(join(config.webDistDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false, index: false }),
  );
  app.use(express.static(config.webDistDir, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api') || req.path.startsWith('/socket.io')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
