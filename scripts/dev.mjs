#!/usr/bin/env node
// `npm run dev`: API and workers rebuilt and restarted on change (tsc --watch + node --watch),
// Vite on http://localhost:5173 with a proxy to the API for /api and /socket.io.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, log, resolveServices } from './lib.mjs';

const services = await resolveServices().catch((err) => {
  console.error(`[aforo] ${err.message}`);
  process.exit(1);
});
// Vite's page (localhost:5173) opens the socket through its proxy: its origin is allowed unless set otherwise.
const env = { ALLOWED_ORIGINS: 'http://localhost:5173', ...process.env, ...services.env, NODE_ENV: 'development' };
const bin = (name) => join(ROOT, 'node_modules/.bin', name);

log('Compilación inicial…');
for (const [cmd, args] of [
  [bin('tsc'), ['-p', 'tsconfig.build.json']],
  [bin('tsc-alias'), ['-p', 'tsconfig.build.json']],
  [process.execPath, ['dist/api/src/cli.js', 'migrate']],
]) {
  const r = spawnSync(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const children = [
  spawn(bin('tsc'), ['-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], { cwd: ROOT, env, stdio: 'inherit' }),
  spawn(bin('tsc-alias'), ['-p', 'tsconfig.build.json', '--watch'], { cwd: ROOT, env, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch', '--enable-source-maps', 'dist/api/src/main.js'], { cwd: ROOT, env, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch', '--enable-source-maps', 'dist/workers/src/main.js'], { cwd: ROOT, env, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: ROOT, env, stdio: 'inherit' }),
];
log(`API en http://localhost:${env.PORT ?? 3000} · web en http://localhost:5173`);

const stop = async () => {
  for (const c of children) c.kill('SIGTERM');
  await services.cleanup();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
