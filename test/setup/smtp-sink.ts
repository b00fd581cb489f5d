import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { eventually } from './test-app';

/** One message the sink ACCEPTED: it answered 250 on a connection that was still open. */
export interface SinkMessage {
  /** When the sink answered 250 (ms since the epoch). */
  at: number;
  raw: Buffer;
  /** The SMTP envelope (MAIL FROM / RCPT TO), what the server actually delivers to. */
  envelope: { from: string; to: string[] };
  /** The Message-ID header as written, `<…>`. */
  messageId: string;
  /** The whole message parsed with mailparser (headers, text, html with its cid: links as sent, attachments). */
  parse(): Promise<ParsedMail>;
}

/** What the sink answers to one message's DATA: 250 (null) or a refusal (421/451… temporary, 550… permanent). */
export type SinkAnswer = { code: number; message: string } | null;

export interface SmtpSinkOptions {
  /** Decides the answer to each message (called once per DATA; `attempt` counts DATAs of the same Message-ID). */
  answer?: (msg: { envelope: SinkMessage['envelope']; messageId: string; attempt: number }) => SinkAnswer;
  /** Slow acceptance: wait this long after the data before answering. */
  acceptDelayMs?: number;
  /** Require AUTH PLAIN/LOGIN with these credentials. */
  auth?: { user: string; pass: string };
}

/**
 * A real SMTP server (the `smtp-server` package) on a free port of 127.0.0.1, for tests and benchmarks: what
 * it accepted, what it refused, on demand (a 4xx, a 5xx), slowly or held. A message counts as received only
 * once the sink answers 250 on a still-open connection — as an RFC 5321 server takes responsibility for a
 * message only with that answer (a client killed before it does not count: the server would drop it).
 */
export class SmtpSink {
  /** Accepted messages, in order. */
  readonly received: SinkMessage[] = [];
  /** Every DATA the sink got, accepted or not. */
  dataCount = 0;
  /** Answers given, by code. */
  readonly answers: number[] = [];
  url = '';
  port = 0;
  private readonly closed = new Set<string>();
  private readonly attempts = new Map<string, number>();
  private held: Promise<void> | null = null;
  /** Sessions whose message waits for an answer (held). */
  private readonly waiting = new Set<string>();
  private release: (() => void) | null = null;
  private constructor(
    private readonly server: SMTPServer,
    private readonly options: SmtpSinkOptions,
  ) {}

  static async start(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
    const ref: { sink?: SmtpSink } = {}; // the server's callbacks reach the sink built around it
    const server = new SMTPServer({
      secure: false,
      disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.auth,
      allowInsecureAuth: true,
      logger: false,
      closeTimeout: 200, // a pooled client keeps its connection open: stop() does not wait for it
      size: 25 * 1024 * 1024,
      onAuth(auth, _session, cb) {
        if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass)
          return cb(null, { user: auth.username });
        cb(Object.assign(new Error('Credenciales no válidas'), { responseCode: 535 }));
      },
      onClose(session) {
        ref.sink?.closed.add(session.id);
      },
      onData(stream, session, cb) {
        void ref.sink!.onData(stream, session, cb);
      },
    });
    const sink = (ref.sink = new SmtpSink(server, options));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    server.on('error', () => undefined);
    const address = server.server.address() as { port: number };
    sink.port = address.port;
    sink.url = options.auth
      ? `smtp://${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@127.0.0.1:${address.port}`
      : `smtp://127.0.0.1:${address.port}`;
    return sink;
  }

  private async onData(stream: SMTPServerDataStream, session: SMTPServerSession, cb: (err?: Error | null) => void): Promise<void> {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of stream) chunks.push(chunk as Buffer);
    } catch {
      return; // the client went away in the middle of the data: nothing was received
    }
    this.dataCount++;
    const raw = Buffer.concat(chunks);
    const messageId = /^message-id:\s*(<[^>\r\n]*>)/im.exec(raw.subarray(0, raw.indexOf('\r\n\r\n') + 2).toString('utf8'))?.[1] ?? '';
    const envelope = {
      from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      to: session.envelope.rcptTo.map((r) => r.address),
    };
    const attempt = (this.attempts.get(messageId) ?? 0) + 1;
    this.attempts.set(messageId, attempt);
    if (this.options.acceptDelayMs) await new Promise((r) => setTimeout(r, this.options.acceptDelayMs));
    this.waiting.add(session.id);
    while (this.held) await this.held;
    this.waiting.delete(session.id);
    if (this.closed.has(session.id)) return; // the client is gone: no answer reached it, the message is not taken
    const answer = this.options.answer?.({ envelope, messageId, attempt }) ?? null;
    if (answer) {
      this.answers.push(answer.code);
      return cb(Object.assign(new Error(answer.message), { responseCode: answer.code }));
    }
    this.answers.push(250);
    this.received.push({ raw, envelope, messageId, at: Date.now(), parse: () => simpleParser(raw, { keepCidLinks: true }) });
    cb(null);
  }

  /** Holds every answer (the data is read; no 250 goes out) until `resume()`. */
  hold(): void {
    if (!this.held) this.held = new Promise<void>((resolve) => (this.release = resolve));
  }

  /**
   * Held messages whose client is still connected, as this server sees it. A client that gave up closes its end;
   * the close reaches the server a moment later (through a proxy, later still). Waiting for 0 before `resume()`
   * makes "the client was gone before the server answered" what the test sets up, not a race.
   */
  get heldOpen(): number {
    return [...this.waiting].filter((id) => !this.closed.has(id)).length;
  }

  resume(): void {
    const release = this.release;
    this.held = null;
    this.release = null;
    release?.();
  }

  /** Waits until the sink has accepted `n` messages (or the suite's patience runs out). */
  async waitFor(n: number, timeoutMs?: number): Promise<SinkMessage[]> {
    await eventually(
      () => this.received.length,
      (len) => len >= n,
      timeoutMs,
    );
    return this.received;
  }

  /** Accepted messages to an address (the envelope's recipients). */
  to(address: string): SinkMessage[] {
    return this.received.filter((m) => m.envelope.to.includes(address));
  }

  async stop(): Promise<void> {
    this.resume();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
