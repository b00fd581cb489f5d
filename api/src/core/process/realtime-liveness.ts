import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

/** How often a realtime process says it is alive, and how long after its last word it counts as gone. */
export const LIVENESS_BEAT_MS = 2000;
export const LIVENESS_TIMEOUT_MS = 6000;

/**
 * Which realtime processes are alive, shared in Redis (a sorted set: process id → last beat, ms). Every
 * LIVENESS_BEAT_MS each process writes its own beat, drops the entries older than LIVENESS_TIMEOUT_MS and
 * reads the rest; when a process it saw on the previous beat is gone (a SIGKILL, a lost machine: no
 * `disconnect` ever reached the rooms), `onPeerGone` runs, so that state read from the rooms (seating
 * presence) is read again without the dead process's sockets. A graceful stop removes its own entry at
 * once. Redis down: the beat fails silently and is tried again at the next one.
 */
export class RealtimeLiveness {
  readonly id = randomUUID();
  private known = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private beating = false;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly onPeerGone: (ids: string[]) => void,
    private readonly timeoutMs = LIVENESS_TIMEOUT_MS,
  ) {}

  /**
   * Beats every `beatMs`, and the first time as soon as Redis answers: a process that is killed before its first
   * beat reached Redis was never seen alive, so nobody would notice it gone (its client refuses commands until it
   * is connected, and the next beat would come only `beatMs` later).
   */
  start(beatMs = LIVENESS_BEAT_MS): void {
    if (this.redis.status === 'ready') void this.beat();
    else this.redis.once('ready', () => void this.beat());
    this.timer = setInterval(() => void this.beat(), beatMs);
    this.timer.unref();
  }

  /** One beat: own entry, stale entries out, and who vanished since the last beat. */
  async beat(): Promise<void> {
    if (this.beating) return;
    this.beating = true;
    try {
      const now = Date.now();
      const [, , [, members]] = (await this.redis
        .multi()
        .zadd(this.key, now, this.id)
        .zremrangebyscore(this.key, '-inf', now - this.timeoutMs)
        .zrange(this.key, 0, -1)
        .pexpire(this.key, this.timeoutMs * 10)
        .exec()) as [unknown, unknown, [Error | null, string[]], unknown];
      const alive = new Set(members);
      const gone = [...this.known].filter((id) => !alive.has(id));
      this.known = alive;
      if (gone.length) this.onPeerGone(gone);
    } catch {
      // Redis unavailable: nothing learnt this time.
    } finally {
      this.beating = false;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.redis.zrem(this.key, this.id).catch(() => undefined);
  }
}
