import net from 'node:net';
import { readHarnessEnv } from './harness-env';
import { TestApp, type TestAppOptions } from './test-app';

/**
 * A TCP proxy the tests can cut and restore, to make Redis (or an SMTP server) unreachable for the app
 * without touching the real server; or silence, to play a server that takes connections and never speaks.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  /** Each forwarded connection: its client side and its server side. */
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private silent = false;
  private held = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<void> {
    this.server = net.createServer((client) => {
      if (this.silent) {
        this.sockets.add(client);
        client.on('close', () => this.sockets.delete(client));
        client.on('error', () => client.destroy());
        return; // accepted, never forwarded, never answered
      }
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      const pair: [net.Socket, net.Socket] = [client, upstream];
      this.pairs.add(pair);
      if (!this.held) client.pipe(upstream).pipe(client);
      client.on('close', () => {
        this.pairs.delete(pair);
        upstream.destroy();
      });
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Drops every connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** From now on, new connections are accepted and left without a word (a hung server); `forward()` ends it. */
  silence(): void {
    this.silent = true;
  }

  forward(): void {
    this.silent = false;
  }

  /**
   * Holds every connection open without passing a byte either way (a server that stopped answering, its
   * connections still up: the app's clients still think it ready); `release()` passes what waited.
   */
  hold(): void {
    if (this.held) return;
    this.held = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  release(): void {
    if (!this.held) return; // piped twice, every byte would go twice
    this.held = false;
    for (const [client, upstream] of this.pairs) client.pipe(upstream).pipe(client);
  }

  /** Accepts connections again on the same port. */
  async restore(): Promise<void> {
    if (this.server) return; // not cut
    await this.start(this.port);
  }

  async stop(): Promise<void> {
    await this.cut();
  }
}

/**
 * An app whose Redis goes through a proxy the test can cut (`proxy.cut()`, `proxy.restore()`); `close` restores
 * it first (a failed test may leave it cut, and the app then closes its Redis connections cleanly).
 */
export async function appWithCuttableRedis(options: TestAppOptions = {}) {
  const redis = new URL(readHarnessEnv().redisUrl);
  const proxy = new TcpProxy(redis.hostname, Number(redis.port || 6379));
  await proxy.start();
  const t = await TestApp.start({ ...options, redisUrl: `redis://127.0.0.1:${proxy.port}` });
  const close = async () => {
    await proxy.restore();
    await t.close();
    await proxy.stop();
  };
  return { t, proxy, close };
}
