import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the global setup resolved, handed to every test file through a small JSON file. */
export interface HarnessEnv {
  /** A maintenance database URL (to create and drop per-file databases). */
  adminDatabaseUrl: string;
  templateDatabase: string;
  redisUrl: string;
}

export const HARNESS_FILE = join(tmpdir(), `aforo-jest-harness-${process.env.AFORO_HARNESS_ID ?? 'default'}.json`);

export function readHarnessEnv(): HarnessEnv {
  if (!existsSync(HARNESS_FILE)) throw new Error('Harness not initialised: run the tests through jest (global setup).');
  return JSON.parse(readFileSync(HARNESS_FILE, 'utf8')) as HarnessEnv;
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
