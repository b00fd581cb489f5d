import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver saw it. */
export interface Received {
  delivery: string;
  event: string;
  signature: string;
  body: string;
  json: { id: string; evento: string; ocurrido_at: string; datos: Record<string, unknown> };
  at: number;
}

/**
 * The receiver's own check of `Aforo-Signature` — written here as an integrator would from the documentation (the
 * Stripe scheme), not imported from the server: `t=<unix>,v1=<hex>[,v1=<hex>]`, HMAC-SHA256 of `${t}.${body}`, any v1
 * may match, t within five minutes.
 */
export function receiverVerifies(header: string, body: string, secret: string): boolean {
  const pairs = header.split(',').map((kv) => {
    const i = kv.indexOf('=');
    return [kv.slice(0, i), kv.slice(i + 1)] as const;
  });
  const t = pairs.find(([k]) => k === 't')?.[1];
  if (!t || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest();
  return pairs.some(([k, v]) => k === 'v1' && v.length === 64 && timingSafeEqual(Buffer.from(v, 'hex'), expected));
}

/** How the receiver answers the nth request (0-based): a status, and how long it waits first. */
export type Behaviour = (n: number, req: Received) => { status: number; delayMs?: number; body?: string };

/** A real HTTP server on loopback that records every webhook it is sent. */
export class Receiver {
  readonly received: Received[] = [];
  /** Requests whose body arrived and whose answer is not sent yet. */
  open = 0;
  private server: Server | null = null;
  port = 0;

  constructor(public behaviour: Behaviour = () => ({ status: 200, body: 'ok' })) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async start(port = 0): Promise<this> {
    const server = createServer((req, res) => void this.onRequest(req, res));
    server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  /** Closes the port: connections are refused until `start(port)` again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const got: Received = {
      delivery: String(req.headers['aforo-delivery']),
      event: String(req.headers['aforo-event']),
      signature: String(req.headers['aforo-signature']),
      body,
      json: JSON.parse(body) as Received['json'],
      at: Date.now(),
    };
    const n = this.received.length;
    this.received.push(got);
    const answer = this.behaviour(n, got);
    this.open++;
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    this.open--;
    if (res.destroyed) return;
    res.writeHead(answer.status, { 'Content-Type': 'text/plain' });
    res.end(answer.body ?? '');
  }

  async waitFor(count: number, timeoutMs = 30_000): Promise<Received[]> {
    const until = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > until) throw new Error(`the receiver got ${this.received.length} of ${count} deliveries`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.received;
  }
}
