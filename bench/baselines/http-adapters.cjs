// ONLY for bench/scale.mjs: the compiled API (ROLES=api) on Nest's Express adapter or on its Fastify adapter
// (BENCH_HTTP_ADAPTER=express|fastify), with the same modules, global prefix, input pipe and error filter and
// nothing else (no helmet, compression, access log, documents or pages: those are Express middleware; and
// without the queue dashboard, an Express app mounted on a `{*path}` route Fastify's router refuses), so that
// the two differ only in the HTTP adapter. Fastify is measured here, not adopted (docs/decisions).
'use strict';
require('reflect-metadata');
const { join } = require('node:path');
const { NestFactory } = require('@nestjs/core');
const dist = join(__dirname, '../../dist/api/src');
const { CoreModule } = require(join(dist, 'core/core.module.js'));
const { AREA_ENTITIES } = require(join(dist, 'modules/entities.js'));
const { AREA_MODULES, AREA_SETTINGS } = require(join(dist, 'modules/index.js'));
const { loadConfig } = require(join(dist, 'core/config/app-config.js'));
const { InputPipe } = require(join(dist, 'core/http/input.pipe.js'));
const { toErrorAnswer } = require(join(dist, 'core/errors/http-exception.filter.js'));

/** The error filter's answer, written through whichever reply object the adapter has. */
class AnyHttpErrorFilter {
  catch(exception, host) {
    const res = host.switchToHttp().getResponse();
    const { status, body } = toErrorAnswer(exception);
    if (typeof res.code === 'function') res.code(status).header('content-type', 'application/json').send(JSON.stringify(body));
    else res.status(status).json(body);
  }
}
require('@nestjs/common').Catch()(AnyHttpErrorFilter);

async function main() {
  const config = loadConfig(process.env, AREA_SETTINGS);
  if (config.roles.has('realtime')) throw new Error('run with ROLES=api');
  const kind = process.env.BENCH_HTTP_ADAPTER ?? 'express';
  let adapter;
  if (kind === 'fastify') {
    const { FastifyAdapter } = require('@nestjs/platform-fastify');
    adapter = new FastifyAdapter({ trustProxy: config.trustProxy, bodyLimit: 1024 * 1024 });
  } else if (kind !== 'express') throw new Error(`BENCH_HTTP_ADAPTER: express or fastify, not ${kind}`);
  class BenchHttpModule {}
  const module = {
    module: BenchHttpModule,
    imports: [CoreModule.forRoot(config, AREA_ENTITIES), ...AREA_MODULES.filter((m) => m.name !== 'QueueDashboardModule')],
  };
  const app = adapter
    ? await NestFactory.create(module, adapter, { logger: ['error'] })
    : await NestFactory.create(module, { logger: ['error'] });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new InputPipe());
  app.useGlobalFilters(new AnyHttpErrorFilter());
  app.enableShutdownHooks();
  await app.listen(config.port, process.env.HOST ?? '127.0.0.1');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
