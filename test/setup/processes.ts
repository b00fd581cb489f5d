import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A TCP port the system says is free now, on 127.0.0.1 (a random one in 55000–59000 sits in Linux's ephemeral
 * range and can already be taken by an outgoing connection of a parallel test).
 */
export function freePort(): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(String(port)));
    });
  });
}

/** Ends a child process with `signal` and waits until it is gone; nothing to do if it has already exited. */
export async function stopProcess(child: ChildProcess | null | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await gone;
}
