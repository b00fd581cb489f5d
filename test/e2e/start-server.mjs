#!/usr/bin/env node
// Serves Aforo for the browser tests: a fresh database (on TEST_DATABASE_URL or the local
// PostgreSQL), its own Redis prefix, the built web app, API and workers on port E2E_PORT (3199 unset).
// Each Playwright worker starts one (test/e2e/fixtures.ts), a spec needing a server apart its own (own-server.ts).
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// E2E_DATABASE names it (own-server.ts: aforo_e2e_<timestamp>_<port>, so a test can reach and seed it).
const database = process.env.E2E_DATABASE ?? `aforo_e2e_${Date.now()}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
// Leftovers of interrupted runs, older than an hour (a run going on right now keeps its database).
const old = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'aforo_e2e_%'`);
for (const { datname } of old.rows) {
  if (Date.now() - Number.parseInt(datname.slice('aforo_e2e_'.length), 10) > 3600_000) {
    await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
  }
}
await admin.query(`CREATE DATABASE ${database}`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${database}`;
const child = spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--no-build'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: url.toString(),
    REDIS_URL: process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: database,
    PORT: process.env.E2E_PORT ?? '3199',
    ADMIN_EMAIL: 'admin@aforo.local',
    // Set explicitly (there is no fixed default); E2E_ADMIN_PASSWORD='' lets the first start generate one and print it
    // (test/e2e/first-password.spec.ts).
    ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'aforo-admin-2026',
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
    LOG_LEVEL: 'warn',
    // Every spec joins waitlists from this one address: the per-IP join limit (5 a minute) is tested in Jest.
    WAITLIST_JOIN_LIMIT_PER_MINUTE: '100',
    // The workers' GET /metrics on a port the system picks: parallel runs never reach for the same fixed one.
    METRICS_PORT: '0',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
