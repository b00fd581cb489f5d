// The API as production builds it (dist/), plus the baselines the benchmarks compare against, mounted by
// the benchmark itself through createApp({ extraModules }): no baseline code ships in the product.
'use strict';
require('reflect-metadata');
const { join } = require('node:path');
const dist = join(__dirname, '../../dist/api/src');
const { createApp } = require(join(dist, 'app.factory.js'));
const { loadConfig } = require(join(dist, 'core/config/app-config.js'));
const { AREA_SETTINGS } = require(join(dist, 'modules/index.js'));
const { NaiveBaselineModule } = require('./naive-registration.cjs');

async function main() {
  const config = loadConfig(process.env, AREA_SETTINGS);
  const app = await createApp(config, { extraModules: [NaiveBaselineModule] });
  app.enableShutdownHooks();
  await app.listen(config.port, process.env.HOST ?? '127.0.0.1');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
