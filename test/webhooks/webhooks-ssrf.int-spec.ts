import { WebhookResolver } from '../../api/src/modules/webhooks/webhook-target';
import { WebhookSender } from '../../api/src/modules/webhooks/webhook-sender';
import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { eventually, TestApp } from '../setup/test-app';

/**
 * No SSRF, proven without a packet leaving this machine: literal non-public addresses are refused at registration
 * before any lookup; a name is resolved by a stub (no DNS server is asked); at delivery the workers' stub answers a
 * private address (DNS rebinding) and the sender is never called.
 */
describe('webhooks: only https to public addresses (SSRF)', () => {
  let t: TestApp;
  let admin: string;
  const PUBLIC = '93.184.216.34';
  /** Registers a webhook to `url` for new registrations, as the super admin (the answer, whatever it is). */
  const registerWebhook = (url: string) =>
    t
      .as(admin)
      .post('/api/webhooks')
      .send({ url, eventos: ['registro.creado'] });

  beforeAll(async () => {
    t = await TestApp.start({
      env: { WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_RETRY_MAX_MS: '200', PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' },
    });
    admin = await t.login();
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['loopback (otra)', 'https://127.8.9.10:8443/hook'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['private 10/8', 'https://10.0.0.7/hook'],
    ['private 172.16/12', 'https://172.20.1.1/hook'],
    ['private 192.168/16', 'https://192.168.1.10/hook'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 link-local', 'https://[fe80::1]/hook'],
    ['IPv6 unique local', 'https://[fd00::5]/hook'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hook'],
    ['unspecified', 'https://0.0.0.0/hook'],
    ['plain http to a public address', `http://${PUBLIC}/hook`],
  ])('refuses %s at registration: 422 on url, nothing written', async (_label, url) => {
    const res = await registerWebhook(url);
    expect(res.status).toBe(422);
    expect(res.body.errors.url[0]).toEqual(expect.any(String));
    expect(await t.query(`SELECT id FROM webhook_endpoints`)).toEqual([]);
  });

  it('refuses a name that resolves to a private address at registration (stubbed resolver, no DNS query)', async () => {
    const resolver = t.app.get(WebhookResolver);
    const original = resolver.resolve.bind(resolver);
    const asked: string[] = [];
    resolver.resolve = async (host: string) => {
      asked.push(host);
      return host === 'interno.example.test'
        ? [
            { address: PUBLIC, family: 4 },
            { address: '10.1.2.3', family: 4 },
          ]
        : [];
    };
    try {
      const res = await registerWebhook('https://interno.example.test/hook');
      expect(res.status).toBe(422);
      expect(res.body.errors.url[0]).toContain('10.1.2.3'); // every address is checked, not only the first
      expect(asked).toEqual(['interno.example.test']);
    } finally {
      resolver.resolve = original;
    }
  });

  it('at delivery, a name that now resolves to a private address is refused before any connection (DNS rebinding)', async () => {
    const api = t.app.get(WebhookResolver);
    const workers = t.workers!.get(WebhookResolver, { strict: false });
    const sender = t.workers!.get(WebhookSender, { strict: false });
    const send = jest.spyOn(sender, 'send');
    const apiOriginal = api.resolve.bind(api);
    const workersOriginal = workers.resolve.bind(workers);
    api.resolve = async () => [{ address: PUBLIC, family: 4 }]; // public when registered…
    workers.resolve = async () => [{ address: '10.0.0.5', family: 4 }]; // …private when delivered
    try {
      const created = await registerWebhook('https://hooks.example.test/aforo');
      expect(created.status).toBe(201);
      const id = created.body.webhook.id as number;
      const e = await createEvent(t, admin);
      expect((await registerForEvent(t, e.slug, registrationBody(1))).status).toBe(201);
      const [row] = await eventually(
        () =>
          t.query<{ intentos: number; error: string; codigo_respuesta: number | null; estado: string }>(
            `SELECT intentos, error, codigo_respuesta, estado FROM webhook_entregas WHERE endpoint_id = $1`,
            [id],
          ),
        (rows) => rows.length === 1 && rows[0].intentos >= 2,
      );
      expect(row.error).toContain('10.0.0.5');
      expect(row.error).toContain('no es pública');
      expect(row.codigo_respuesta).toBeNull();
      expect(row.estado).toBe('pendiente'); // retried: the name may point back to the internet
      expect(send).not.toHaveBeenCalled(); // never a connection to the private address
      // 'probar' goes through the same guard (the API's resolver now answers private too).
      api.resolve = async () => [{ address: '192.168.0.9', family: 4 }];
      const ping = await t.as(admin).post(`/api/webhooks/${id}/probar`);
      expect(ping.status).toBe(200);
      expect(ping.body.entrega).toMatchObject({ estado: 'fallida', codigo_respuesta: null });
      expect(ping.body.entrega.error).toContain('192.168.0.9');
    } finally {
      api.resolve = apiOriginal;
      workers.resolve = workersOriginal;
      send.mockRestore();
    }
  });
});
