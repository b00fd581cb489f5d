import { io } from 'socket.io-client';
import { TestApp, signedInApp } from '../setup/test-app';

/** Only the app's own origin and ALLOWED_ORIGINS may open a socket (handshake and polling). */
describe('socket.io checks the Origin of every request', () => {
  let t: TestApp;
  let admin: string;
  const allowed = 'https://pantallas.monterrey.gob.mx';
  signedInApp((s) => ({ t, admin } = s), { workers: false, env: { ALLOWED_ORIGINS: `${allowed},http://localhost:5173` } });

  /** Resolves 'connected' or the connect error's message. */
  function connect(transport: 'websocket' | 'polling', origin: string | undefined, token?: string): Promise<string> {
    const socket = io(t.url, {
      path: '/socket.io',
      transports: [transport],
      auth: token ? { token } : {},
      extraHeaders: origin === undefined ? {} : { Origin: origin },
      reconnection: false,
      forceNew: true,
      timeout: 10_000,
    });
    return new Promise((resolve) => {
      socket.once('connect', () => {
        socket.disconnect();
        resolve('connected');
      });
      socket.once('connect_error', (err) => {
        socket.disconnect();
        resolve(err.message);
      });
    });
  }

  describe.each(['websocket', 'polling'] as const)('over %s', (transport) => {
    it.each([
      ['anonymous', false],
      ['with a valid token', true],
    ])('refuses a foreign origin, %s', async (_label, withToken) => {
      for (const origin of [
        'https://evil.example',
        'http://127.0.0.1.evil.example',
        'null',
        'https://pantallas.monterrey.gob.mx.evil.example',
      ]) {
        expect(await connect(transport, origin, withToken ? admin : undefined)).not.toBe('connected');
      }
    });

    it("accepts the app's own origin and the configured ones", async () => {
      expect(await connect(transport, t.url, admin)).toBe('connected');
      expect(await connect(transport, t.url)).toBe('connected');
      expect(await connect(transport, allowed)).toBe('connected');
      expect(await connect(transport, 'http://localhost:5173', admin)).toBe('connected');
    });

    it('accepts a client that sends no Origin (not a browser page: the token decides what it sees)', async () => {
      expect(await connect(transport, undefined)).toBe('connected');
      expect(await connect(transport, undefined, admin)).toBe('connected');
    });
  });

  it('refuses each polling request from a foreign origin, not only the first', async () => {
    const open = await t.http().get('/socket.io/?EIO=4&transport=polling').set('Origin', t.url);
    expect(open.status).toBe(200);
    const sid = (JSON.parse(open.text.slice(1)) as { sid: string }).sid;
    const foreign = await t.http().get(`/socket.io/?EIO=4&transport=polling&sid=${sid}`).set('Origin', 'https://evil.example');
    expect(foreign.status).toBe(403);
    const refused = await t.http().get('/socket.io/?EIO=4&transport=polling').set('Origin', 'https://evil.example');
    expect(refused.status).toBe(403);
  });
});
