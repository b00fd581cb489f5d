#!/usr/bin/env node
// `npm start`: build what changed, provide PostgreSQL/Redis when unset, migrate, then run the API
// (web app + /api + socket.io on one port) and the workers. Flags: --migrate-only, --seed-demo, --no-build.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, buildIfNeeded, log, resolveServices, runCli, signInHint, waitForHealth } from './lib.mjs';

const flags = new Set(process.argv.slice(2));

async function main() {
  if (!flags.has('--no-build')) buildIfNeeded();
  // One-off commands run beside a running `npm start`: they use its embedded PostgreSQL instead of failing
  // because the port is taken.
  const oneOff = flags.has('--seed-demo') || flags.has('--migrate-only');
  const services = await resolveServices(process.env, { reuseRunning: oneOff });
  const env = { ...process.env, ...services.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
  // A generated first password is shown once, with the URL, when the app is ready; or when it stops before that.
  let firstAdmin = null;
  let hintShown = false;
  const stopAll = async (code) => {
    if (firstAdmin?.generatedPassword && !hintShown) {
      hintShown = true;
      log(`Aforo se detuvo antes de estar listo. ${signInHint(`http://localhost:${env.PORT ?? 3000}`, firstAdmin)}`);
    }
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    await services.cleanup();
    process.exit(code);
  };
  const children = [];
  try {
    ({ firstAdmin } = runCli('migrate', env));
    if (flags.has('--seed-demo')) runCli('seed-demo', env);
  } catch (err) {
    console.error(err.message);
    return stopAll(1);
  }
  if (flags.has('--migrate-only') || flags.has('--seed-demo')) {
    if (firstAdmin) {
      hintShown = true;
      log(signInHint(`http://localhost:${env.PORT ?? 3000}`, firstAdmin));
    }
    return stopAll(0);
  }

  const port = Number(env.PORT ?? 3000);
  const api = spawn(process.execPath, ['--enable-source-maps', join(ROOT, 'dist/api/src/main.js')], { cwd: ROOT, env, stdio: 'inherit' });
  // The workers' GET /metrics (the API answers its own on PORT): METRICS_PORT, or 9464 (the port Prometheus'
  // exporters customarily take). Taken, the workers say so and run without it.
  const workersMetricsPort = env.METRICS_PORT || '9464';
  const workers = spawn(process.execPath, ['--enable-source-maps', join(ROOT, 'dist/workers/src/main.js')], {
    cwd: ROOT,
    env: { ...env, METRICS_PORT: workersMetricsPort },
    stdio: 'inherit',
  });
  children.push(api, workers);
  for (const child of children) {
    child.once('exit', (code) => {
      log(`Un proceso terminó (código ${code}); deteniendo Aforo.`);
      void stopAll(code ?? 1);
    });
  }
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));

  if (await waitForHealth(port, api)) {
    log(`Aforo está listo en http://localhost:${port}`);
    hintShown = true;
    log(signInHint(`http://localhost:${port}`, firstAdmin));
    log(`API: http://localhost:${port}/api/docs · Salud: http://localhost:${port}/api/health`);
    log(
      `Métricas (solo desde esta máquina o con METRICS_TOKEN): http://localhost:${port}/metrics · workers: http://localhost:${workersMetricsPort}/metrics`,
    );
  }
}

main().catch((err) => {
  console.error(`[aforo] ${err.message}`);
  process.exit(1);
});
