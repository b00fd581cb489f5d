/** What closing needs of a BullMQ Queue (or Worker). */
interface Closable {
  close(): Promise<void>;
  disconnect(): Promise<void>;
}

/**
 * Closes a BullMQ queue at shutdown whatever Redis is doing. BullMQ's close sends QUIT, and a connection that is
 * reconnecting with its offline queue off (ours: a command fails at once rather than wait for Redis) refuses it
 * ("Stream isn't writeable…"), which BullMQ passes on: the process's shutdown then failed on a Redis outage. There is
 * nothing to flush on a connection that is down, so it is dropped instead.
 */
export async function closeQueue(queue: Closable): Promise<void> {
  try {
    await queue.close();
  } catch {
    await queue.disconnect().catch(() => undefined);
  }
}
