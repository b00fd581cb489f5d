// A local SMTP sink for the benchmarks (the `smtp-server` package, as test/setup/smtp-sink.ts for the tests):
// accepts every message on 127.0.0.1, notes when each was accepted and its Message-ID (to count duplicates),
// keeps nothing else. A message counts once the sink answers 250. The server runs in a child process of its own,
// as a real SMTP server is another program: its parsing never delays the bench's own clients (the API probe
// measures the API, not the bench's event loop); each acceptance reaches the bench as one small IPC message.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const SELF = fileURLToPath(import.meta.url);

/** The child: the SMTP server itself. */
async function serve() {
  const { SMTPServer } = require('smtp-server');
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 200,
    size: 1024 * 1024,
    onData(stream, _session, callback) {
      process.send({ type: 'data' });
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 16_384 && !head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const messageId = /^message-id:\s*(<[^>\r\n]+>)/im.exec(head)?.[1] ?? null;
        process.send({ type: 'accepted', at: performance.timeOrigin + performance.now(), messageId });
        callback(null, 'Aceptado');
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  process.send({ type: 'listening', port: server.server.address().port });
  process.on('disconnect', () => server.close(() => process.exit(0)));
}

if (process.argv.includes('--smtp-sink-child')) await serve();

export async function startSmtpSink() {
  const accepted = []; // { at, messageId }
  let dataCount = 0;
  const child = fork(SELF, ['--smtp-sink-child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the SMTP sink ended (code ${code})`)));
    child.on('message', (m) => {
      if (m.type === 'listening') resolve(m.port);
      else if (m.type === 'data') dataCount += 1;
      else if (m.type === 'accepted') accepted.push({ at: m.at, messageId: m.messageId });
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    get dataCount() {
      return dataCount;
    },
    /** Distinct Message-IDs accepted more than once (a message sent twice). */
    duplicates() {
      const seen = new Map();
      for (const a of accepted) if (a.messageId) seen.set(a.messageId, (seen.get(a.messageId) ?? 0) + 1);
      return [...seen.values()].filter((n) => n > 1).length;
    },
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.disconnect();
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
