import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

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

/**
 * What `npm start` holds while it runs: scripts/lib.mjs's embedded PostgreSQL of `env`'s AFORO_DATA_DIR on its
 * EMBEDDED_PG_PORT, in a child process, until SIGTERM. Resolves once it is ready, with the child and what it printed;
 * rejects (with that output, the child stopped) when it exits first or is not ready within 90 s.
 */
export async function startEmbeddedPostgresHolder(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; output: string }> {
  const root = join(__dirname, '../..');
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { startEmbeddedPostgres } = await import(${JSON.stringify(join(root, 'scripts/lib.mjs'))});
       const pg = await startEmbeddedPostgres();
       console.log('READY');
       process.on('SIGTERM', async () => { await pg.stop(); process.exit(0); });
       setInterval(() => {}, 1000);`,
    ],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // Settled once, whichever comes first; the timer is cleared on every path (a holder that exits early used to
    // leave the 90 s timer pending, which kept the Jest worker from exiting).
    const settle = (err?: Error) => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.stderr!.off('data', onData);
      child.off('exit', onExit);
      if (err) {
        child.kill('SIGTERM');
        reject(err);
      } else resolve();
    };
    const onData = (b: Buffer) => {
      output += b.toString();
      if (output.includes('READY')) settle();
    };
    const onExit = (code: number | null) => settle(new Error(`the embedded PostgreSQL holder exited ${code}:\n${output}`));
    const timer = setTimeout(() => settle(new Error(`embedded PostgreSQL did not start:\n${output}`)), 90_000);
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', onExit);
  });
  return { child, output };
}
