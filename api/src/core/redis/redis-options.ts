import type { RedisOptions } from 'ioredis';

/** ioredis options from a redis:// or rediss:// URL (BullMQ takes options, not a shared client). */
export function redisOptionsFromUrl(redisUrl: string, extra: RedisOptions = {}): RedisOptions {
  const url = new URL(redisUrl);
  const db = url.pathname && url.pathname !== '/' ? Number(url.pathname.slice(1)) : 0;
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 6379,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    // Reconnect forever with a capped backoff: Redis coming back must heal every client.
    retryStrategy: (times) => Math.min(times * 200, 2000),
    ...extra,
  };
}

/**
 * socket.io's Redis adapter and emitter call publish() without handling its promise; while Redis
 * is down (or at shutdown) that would be an unhandled rejection. Pushes are best effort (clients
 * resync on reconnect), so a failed publish is dropped here.
 */
export function withSafePublish<T extends { publish: (...args: never[]) => Promise<unknown> }>(client: T): T {
  const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as unknown as { publish: (...args: unknown[]) => Promise<unknown> }).publish = (...args: unknown[]) =>
    publish(...args).catch(() => 0);
  return client;
}
