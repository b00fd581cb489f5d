#!/usr/bin/env node
// Runs npm scripts at the same time (`npm run lint`: ESLint, Prettier and the type checks, ≈ 1 min instead of
// ≈ 2 one after the other on 2 cores), then shows each one's output whole, in the order given, with its time. Fails
// (exit 1) if any failed, after all of them ended. Usage: node scripts/parallel.mjs <script> [<script> …]
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const runs = scripts.map((name) => {
  const started = Date.now();
  const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('error', (err) => resolve({ name, code: 1, output: `${output}${err.message}\n`, ms: Date.now() - started }));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output, ms: Date.now() - started }));
  });
});

let failed = 0;
for (const run of runs) {
  const { name, code, output, ms } = await run;
  process.stdout.write(`\n> ${name} (${(ms / 1000).toFixed(1)} s${code ? `, falló con código ${code}` : ''})\n${output}`);
  if (code) failed++;
}
process.exit(failed ? 1 : 0);
