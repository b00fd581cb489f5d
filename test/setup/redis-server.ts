import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopProcess } from './processes';
import { eventually } from './test-app';

/**
 * A redis-server of the test's own, on a free port and a data directory of its own, that the test stops and starts
 * again (a Redis outage, a restart) without touching the machine's shared Redis. With `appendonly` (as `npm start`'s
 * private Redis and production's) a restart keeps the data; `start({ empty: true })` brings it back without any (a
 * Redis replaced, or one that keeps nothing on disk).
 */
export class OwnRedis {
  port = '';
  private dir = '';
  private child: ChildProcess | null = null;

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis();
    redis.port = await freePort();
    redis.dir = mkdtempSync(join(tmpdir(), 'aforo-redis-'));
    await redis.start();
    return redis;
  }

  get running(): boolean {
    return this.child !== null;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again) on the same port; `empty` first deletes what it had saved. */
  async start(options: { empty?: boolean } = {}): Promise<void> {
    if (options.empty) {
      rmSync(this.dir, { recursive: true, force: true });
      this.dir = mkdtempSync(join(tmpdir(), 'aforo-redis-'));
    }
    this.child = spawn(
      'redis-server',
      ['--port', this.port, '--bind', '127.0.0.1', '--dir', this.dir, '--appendonly', 'yes', '--save', ''],
      {
        stdio: 'ignore',
      },
    );
    await eventually(
      () =>
        new Promise<boolean>((done) => {
          const s = net.connect(Number(this.port), '127.0.0.1');
          s.once('connect', () => s.end(() => done(true)));
          s.once('error', () => done(false));
        }),
    );
  }

  /** Stops it as an administrator would (SIGTERM: it saves its append-only file and exits). */
  async stop(): Promise<void> {
    await stopProcess(this.child, 'SIGTERM');
    this.child = null;
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
