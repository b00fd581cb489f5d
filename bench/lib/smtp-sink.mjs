// A local SMTP sink for the benchmarks (the `smtp-server` package, as test/setup/smtp-sink.ts for the tests):
// accepts every message on 127.0.0.1, notes when each was accepted and its Message-ID (to count duplicates),
// keeps nothing else. A message counts once the sink answers 250.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);

export async function startSmtpSink() {
  const { SMTPServer } = require('smtp-server');
  const accepted = []; // { at, messageId }
  let dataCount = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 200,
    size: 1024 * 1024,
    onData(stream, _session, callback) {
      dataCount += 1;
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 16_384 && !head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const messageId = /^message-id:\s*(<[^>\r\n]+>)/im.exec(head)?.[1] ?? null;
        accepted.push({ at: performance.timeOrigin + performance.now(), messageId });
        callback(null, 'Aceptado');
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address();
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
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
