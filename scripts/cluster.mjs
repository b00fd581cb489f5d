#!/usr/bin/env node
// `npm run start:cluster`: the production shape on one machine, without Docker. N api processes, M realtime
// processes and K workers behind the system's HAProxy (deploy/haproxy/haproxy.cfg), on the same defaults as
// `npm start` (embedded PostgreSQL unless DATABASE_URL, local Redis unless REDIS_URL). Migrations run once,
// before any replica starts. A replica that dies is started again on its port; Ctrl+C drains and stops all.
// Flags: --api N (2) --realtime M (2) --workers K (1) --no-build. PORT (3000) is HAProxy's.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { haproxyConfig } from './haproxy-config.mjs';
import { DATA_DIR, ROOT, buildIfNeeded, freePort, log, resolveServices, runCli, signInHint, waitForHealth } from './lib.mjs';

const args = process.argv.slice(2);
const count = (flag, fallback) => {
  const i = args.indexOf(flag);
  if (i < 0) return fallback;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 1 || n > 16) {
    console.error(`[aforo] ${flag} debe ser un número entero entre 1 y 16 (se recibió "${args[i + 1] ?? ''}").`);
    process.exit(2);
  }
  return n;
};
const sizes = { api: count('--api', 2), realtime: count('--realtime', 2), workers: count('--workers', 1) };
/** How long a stopping replica keeps answering 503 on /api/health before closing (> HAProxy's fall × inter). */
const DRAIN_MS = Number(process.env.SHUTDOWN_DRAIN_MS ?? 2500);

function haproxyBinary() {
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
  if (!found) {
    throw new Error(
      'No se encontró haproxy. Instálalo (Debian/Ubuntu: `sudo apt-get install -y haproxy`; macOS: `brew install haproxy`) o usa `npm start` (un solo proceso, sin balanceador).',
    );
  }
  return found;
}

/** Resolves once `child` has exited; past `ms` it is killed (SIGKILL), and said so. */
function exited(child, ms, name) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      log(`${name} no terminó en ${ms} ms; se detiene a la fuerza.`);
      child.kill('SIGKILL');
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function main() {
  if (!args.includes('--no-build')) buildIfNeeded();
  const haproxy = haproxyBinary();
  const services = await resolveServices(process.env);
  const env = { ...process.env, ...services.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
  let firstAdmin = null; // a generated first password is shown once, in the ready message
  try {
    ({ firstAdmin } = runCli('migrate', env)); // once per deploy, before any replica: none of them races it
  } catch (err) {
    console.error(`[aforo] ${err.message}`);
    await services.cleanup();
    process.exit(1);
  }

  const port = Number(env.PORT ?? 3000);
  // Replicas listen on loopback only (HAProxy, on this machine, is their one door) and believe X-Forwarded-For
  // only from it: nobody else can name a client address.
  const replicaEnv = { ...env, HOST: '127.0.0.1', TRUST_PROXY: 'loopback', SHUTDOWN_DRAIN_MS: String(DRAIN_MS) };
  const processes = [];
  for (const role of ['api', 'realtime']) {
    for (let i = 1; i <= sizes[role]; i++) processes.push({ role, name: `${role}${i}`, port: await freePort() });
  }
  // A workers process has no HTTP of its own: its GET /metrics listens on a port of its own, on loopback.
  for (let i = 1; i <= sizes.workers; i++) processes.push({ role: 'workers', name: `workers${i}`, metricsPort: await freePort() });

  let stopping = false;
  const start = (p) => {
    const entry = p.role === 'workers' ? 'dist/workers/src/main.js' : 'dist/api/src/main.js';
    const childEnv =
      p.role === 'workers'
        ? { ...env, METRICS_HOST: '127.0.0.1', METRICS_PORT: String(p.metricsPort) }
        : { ...replicaEnv, ROLES: p.role, PORT: String(p.port) };
    p.child = spawn(process.execPath, ['--enable-source-maps', join(ROOT, entry)], { cwd: ROOT, env: childEnv, stdio: 'inherit' });
    const startedAt = Date.now();
    const metrics = p.metricsPort ? `; métricas en 127.0.0.1:${p.metricsPort}/metrics` : '';
    log(`${p.name} iniciado${p.port ? ` en 127.0.0.1:${p.port}` : ''} (pid ${p.child.pid}${metrics}).`);
    p.child.once('exit', (code, signal) => {
      if (stopping) return;
      // A crash after a while comes back in 1 s; one that keeps failing at start (bad settings) waits longer
      // each time, up to 30 s, instead of spinning.
      p.delay = Date.now() - startedAt > 30_000 ? 1000 : Math.min((p.delay ?? 500) * 2, 30_000);
      log(
        `${p.name} terminó (${signal ?? `código ${code}`}); HAProxy deja de enviarle tráfico y se vuelve a iniciar en ${p.delay / 1000} s.`,
      );
      setTimeout(() => !stopping && start(p), p.delay).unref();
    });
  };
  processes.forEach(start);

  const dir = join(DATA_DIR, 'cluster');
  mkdirSync(dir, { recursive: true });
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(processes));
  // Every process's GET /metrics, for Prometheus' file discovery (deploy/prometheus.yml reads this file).
  const targetsFile = join(dir, 'prometheus-targets.json');
  writeFileSync(targetsFile, JSON.stringify(prometheusTargets(processes), null, 2));
  const proxy = spawn(haproxy, ['-W', '-db', '-f', configFile], {
    cwd: ROOT,
    env: { ...process.env, HAPROXY_BIND: `${process.env.HOST || '0.0.0.0'}:${port}`, HAPROXY_COOKIE_KEY: 'aforo-local' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const stopAll = async (code) => {
    if (stopping) return;
    stopping = true;
    log('Deteniendo: cada réplica deja de recibir tráfico y termina lo que tiene en curso…');
    const running = processes.filter((p) => p.child?.exitCode === null && p.child.signalCode === null);
    for (const p of running) p.child.kill('SIGTERM');
    await Promise.all(running.map((p) => exited(p.child, DRAIN_MS + 15_000, p.name)));
    proxy.kill('SIGUSR1'); // soft stop: lets open connections finish
    await exited(proxy, 5000, 'HAProxy');
    await services.cleanup();
    process.exit(code);
  };
  proxy.once('exit', (code) => {
    if (stopping) return;
    console.error(`[aforo] HAProxy terminó (código ${code}); deteniendo el clúster.`);
    void stopAll(1);
  });
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));

  const replicas = processes.filter((p) => p.port);
  // Up to 5 min (1,500 tries 200 ms apart): replicas starting together on a machine busy with other work take minutes.
  const healthy = await Promise.all([
    ...replicas.map((p) => waitForHealth(p.port, null, { ok: [200], tries: 1500 })),
    // A workers process is ready when its GET /metrics answers: "listo" means every process, not only the HTTP ones.
    ...processes.filter((p) => p.metricsPort).map((p) => waitForHealth(p.metricsPort, null, { ok: [200], tries: 1500, path: '/metrics' })),
  ]);
  if (healthy.every(Boolean) && (await waitForHealth(port, proxy, { ok: [200] })) && (await realtimeThroughProxy(port, proxy))) {
    log(`Clúster listo en http://localhost:${port} (HAProxy → ${sizes.api} api, ${sizes.realtime} realtime; ${sizes.workers} workers).`);
    log(`Configuración de HAProxy: ${configFile}`);
    log(`Métricas (GET /metrics de cada proceso, solo desde esta máquina o con METRICS_TOKEN): ${targetsFile}`);
    log(signInHint(`http://localhost:${port}`, firstAdmin));
  } else {
    if (firstAdmin?.generatedPassword) log(signInHint(`http://localhost:${port}`, firstAdmin));
    console.error(
      '[aforo] Algún proceso no respondió (/api/health de las réplicas o /metrics de los workers); revisa los mensajes de arriba.',
    );
  }
}

/** Prometheus file_sd targets: one per process, labelled with its role and name. */
function prometheusTargets(processes) {
  return processes.map((p) => ({
    targets: [`127.0.0.1:${p.port ?? p.metricsPort}`],
    labels: { role: p.role, process: p.name },
  }));
}

/**
 * /api/health through the proxy reaches the api backend only; the realtime backend enters rotation after its
 * own checks (rise 2). Ready means a socket.io handshake gets through too.
 */
async function realtimeThroughProxy(port, proxy) {
  for (let i = 0; i < 300 && proxy.exitCode === null; i++) {
    const status = await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

main().catch((err) => {
  console.error(`[aforo] ${err.message}`);
  process.exit(1);
});
