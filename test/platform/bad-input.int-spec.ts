import { Agent, request } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { createEvent } from '../factories/external-events';
import { TestApp, bearer } from '../setup/test-app';

/**
 * Every operation of the OpenAPI document, fed bad bodies, bad path ids and bad queries, as a super
 * admin and anonymously, answers no 5xx; every 4xx is JSON with a Spanish `message` and no stack; no table
 * changes. Generic: it reads the running app's document, so operations added later are walked too (and an
 * operation without schemas fails it).
 */

interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  example?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  $ref?: string;
  minimum?: number;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Probe {
  method: string;
  path: string;
  label: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

const BAD_IDS = [
  '-1',
  '0x1A',
  '0x1',
  '%201',
  '%202',
  '1e3',
  '1e0',
  '01',
  '02',
  'abc',
  '12345678901234567890',
  '2147483648',
  '0',
  '1.0',
  '+1',
  '..%2F1',
  '..',
  '%00',
  '%ED%A0%80',
];
const BAD_QUERY_VALUES = ['%00', '%ED%A0%80', '0x1A', '1e3', '%201', '-1', 'abc', '12345678901234567890', 'x'.repeat(5000), '[]', '%7B%7D'];
const ENGLISH =
  /\b(the|must|should|invalid|cannot|not found|bad request|forbidden|unauthorized|internal server|error occurred|unexpected)\b/i;
const SPANISH = /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|debe|es|una?|campo|solicitud|datos)\b/i;
const STACK = /\bat .+\.(ts|js):\d+|node_modules|Error:\s/;

/**
 * One request and its answer as text. node:http with a keep-alive agent, not the global fetch: inside Jest's sandbox
 * fetch (undici, web streams) was about a fifth of this file's CPU, half as much as the server answering it
 * (docs/decisions/plataforma.md, «CI en 20 minutos»). It asks for compressed answers as fetch did, so the server
 * takes the same path.
 */
function send(agent: Agent, url: string, method: string, headers: Record<string, string>, body?: string | Buffer) {
  return new Promise<{ status: number; text: string }>((done, fail) => {
    // Content-Length always, as fetch sends it: without it node:http sends a DELETE's body unframed.
    const length = body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
    const req = request(url, { method, headers: { 'Accept-Encoding': 'gzip, deflate', ...headers, ...length }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const bytes = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw;
        done({ status: res.statusCode ?? 0, text: bytes.toString('utf8') });
      });
    });
    req.on('error', fail);
    req.end(body);
  });
}

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

/** Values of the wrong kind for a schema (never a valid one: a valid one could write a row). */
function wrongValues(s: Schema): unknown[] {
  const common: unknown[] = ['a\u0000b', 'a\ud800b', '\udc00', { __proto__: null, x: 1 }, JSON.parse(deep(20))];
  if (!s.nullable) common.push(null);
  switch (s.type) {
    case 'integer':
      return [...common, '1', true, 1.5, 1e20, -2147483649, 'uno', [1], {}];
    case 'number':
      return [...common, '1', true, 'uno', [1], {}];
    case 'boolean':
      return [...common, 'true', 1, 0, 'sí', [true], {}];
    case 'array':
      return [...common, 'x', 7, {}, ['a\u0000'], [{}], Array.from({ length: 10_000 }, () => 'x')];
    case 'object':
      return [...common, 'x', 7, [], true];
    default:
      return [...common, 12345, true, [], {}, ['x'], 'x'.repeat(100_000), ...(s.enum ? ['NO-EXISTE', s.enum[0] + '\u0000'] : [])];
  }
}

function resolve(doc: { components?: { schemas?: Record<string, Schema> } }, s: Schema | undefined): Schema | undefined {
  if (!s?.$ref) return s;
  return doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')];
}

/** A body built from the schema's examples: the base each bad value is put into, one field at a time. */
function exampleBody(schema: Schema): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(schema.properties ?? {})) {
    if (p.example !== undefined) body[name] = p.example;
    else if (p.enum) body[name] = p.enum[0];
    else if (p.type === 'integer' || p.type === 'number') body[name] = p.minimum ?? 1;
    else if (p.type === 'boolean') body[name] = false;
    else if (p.type === 'array') body[name] = [];
    else if (p.type === 'object') body[name] = {};
    else body[name] = 'Texto de prueba';
  }
  return body;
}

/** A value for a path parameter that is well formed (so only the part under test is bad). */
function goodPathValue(p: Parameter): string {
  if (p.schema?.format === 'uuid' || /import/i.test(p.name)) return '3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e7f';
  if (p.name === 'slug') return 'no-existe';
  if (p.name === 'file') return '3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e7f.png';
  return '999999';
}

function buildPath(template: string, params: Parameter[], override?: [string, string]): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (override && override[0] === name) return override[1];
    return encodeURIComponent(goodPathValue(params.find((p) => p.name === name) ?? { name, in: 'path' }));
  });
}

function probesFor(doc: Parameters<typeof resolve>[0], method: string, template: string, op: Operation): Probe[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const path = buildPath(template, params);
  const probes: Probe[] = [];
  const json = (label: string, body: unknown, p = path): Probe => ({
    method,
    path: p,
    label,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

  // Broken bodies: answered by the parser, before any route runs (safe on every write operation).
  if (method !== 'get') {
    probes.push(
      { method, path, label: 'invalid JSON', headers: { 'Content-Type': 'application/json' }, body: '{"a": ' },
      { method, path, label: 'deep JSON', headers: { 'Content-Type': 'application/json' }, body: `{"a":${deep(5000)}}` },
      { method, path, label: 'JSON scalar', headers: { 'Content-Type': 'application/json' }, body: '"x"' },
      { method, path, label: 'fake gzip', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: '{"a":1}' },
      { method, path, label: 'fake deflate', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'deflate' }, body: 'xx' },
      { method, path, label: 'unknown encoding', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'zz' }, body: '{}' },
      {
        method,
        path,
        label: 'huge body',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ a: 'x'.repeat(300_000) }),
      },
    );
  }

  const content = op.requestBody?.content ?? {};
  const jsonSchema = resolve(doc, content['application/json']?.schema);
  if (jsonSchema) {
    const base = exampleBody(jsonSchema);
    probes.push(
      json('empty object', {}),
      json('array body', [base]),
      { method, path, label: 'text/plain', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(base) },
      { method, path, label: 'form body', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1&__proto__=2' },
      json('unknown key', { ...base, campo_desconocido: 1 }),
      { ...json('__proto__ key', {}), body: JSON.stringify(base).replace(/^\{/, '{"__proto__":{"is_super_admin":true},') },
      { ...json('constructor key', {}), body: JSON.stringify(base).replace(/^\{/, '{"constructor":{"prototype":{"x":1}},') },
      { ...json('lone surrogate escape', {}), body: JSON.stringify(base).replace(/^\{/, '{"x":"\\ud800",') },
    );
    for (const [name, p] of Object.entries(jsonSchema.properties ?? {})) {
      wrongValues(p).forEach((value, i) => probes.push(json(`${name} wrong #${i}`, { ...base, [name]: value })));
    }
  }
  if (content['multipart/form-data']) {
    probes.push(
      json('JSON to a multipart route', { file: 'x' }),
      { method, path, label: 'multipart without boundary', headers: { 'Content-Type': 'multipart/form-data' }, body: '--x\r\n' },
      {
        method,
        path,
        label: 'broken multipart',
        headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
        body: '--xyz\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n\u0000\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.csv"\r\n\r\nnombre,contacto\r\n',
      },
      {
        method,
        path,
        label: 'fake gzip multipart',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Encoding': 'gzip' },
        body: 'zz',
      },
    );
  }

  for (const p of pathParams) {
    for (const bad of BAD_IDS) {
      probes.push({ method, path: buildPath(template, params, [p.name, bad]), label: `path ${p.name}=${bad}`, ...bodyless(jsonSchema) });
    }
  }
  // Bad queries go to operations that read a query (one that reads none ignores it, as the web expects).
  for (const q of queryParams) {
    for (const bad of BAD_QUERY_VALUES)
      probes.push({ method, path: `${path}?${q.name}=${bad}`, label: `query ${q.name}=${bad.slice(0, 20)}` });
    probes.push({ method, path: `${path}?${q.name}=1&${q.name}=2`, label: `query ${q.name} twice` });
    probes.push({ method, path: `${path}?${q.name}[a]=1`, label: `query ${q.name} nested` });
  }
  if (queryParams.length) {
    for (const extra of ['__proto__=1', 'constructor=1', 'desconocido=1', 'a=%00'])
      probes.push({ method, path: `${path}?${extra}`, label: `query ${extra}` });
  }
  return probes;
}

/** A probe of a path id carries a valid-looking body, so only the id is wrong. */
function bodyless(schema: Schema | undefined): Partial<Probe> {
  if (!schema) return {};
  return { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(exampleBody(schema)) };
}

describe('Bad input on every operation of the OpenAPI document', () => {
  let t: TestApp;
  let admin: string;
  // As many sockets as requests in flight, kept open between them.
  const agent = new Agent({ keepAlive: true, maxSockets: 6 });
  let doc: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

  // Jest's environment captures 100 frames for every Error; the server's refusals throw thousands of them. Node's
  // default (production's) while this file runs.
  const stackTraceLimit = Error.stackTraceLimit;
  beforeAll(async () => {
    Error.stackTraceLimit = 10;
    t = await TestApp.start({
      workers: false,
      env: {
        PUBLIC_READ_LIMIT_PER_MINUTE: '10000000',
        PUBLIC_WRITE_LIMIT_PER_MINUTE: '10000000',
        WAITLIST_JOIN_LIMIT_PER_MINUTE: '10000000',
      },
    });
    admin = await t.login();
    // Records whose ids the non-canonical spellings would reach (1, 2, 26, 1000 ...) if read loosely.
    await t.createUser(admin, { email: 'segundo@aforo.test' });
    await createEvent(t, admin, { status: 'published' });
    await createEvent(t, admin, { status: 'draft' });
    for (const nombre of ['ANA', 'LUIS']) {
      const res = await t.as(admin).post('/api/personas').send({ nombre });
      expect(res.status).toBe(201);
    }
    doc = (await t.http().get('/api/docs/openapi.json').expect(200)).body;
  });
  afterAll(async () => {
    Error.stackTraceLimit = stackTraceLimit;
    agent.destroy();
    await t.close();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ method, path, op })),
    );

  it('every operation is described: request schema for what it reads, a response schema for its success', () => {
    const missing: string[] = [];
    for (const { method, path, op } of operations()) {
      const id = `${method.toUpperCase()} ${path}`;
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        const schema = resolve(doc, media.schema);
        if (!schema || (schema.type === 'object' && !Object.keys(schema.properties ?? {}).length)) missing.push(`${id}: request ${type}`);
      }
      const success = Object.entries(op.responses).filter(([code]) => /^2/.test(code));
      if (!success.length) missing.push(`${id}: no success response`);
      for (const [code, response] of success) {
        if (code === '204') continue;
        const media = Object.values(response.content ?? {});
        if (!media.length || media.some((m) => !m.schema)) missing.push(`${id}: response ${code} without schema`);
      }
      if (!op.responses['4XX']) missing.push(`${id}: no error answer`);
    }
    expect(operations().length).toBeGreaterThanOrEqual(40);
    expect(missing).toEqual([]);
  });

  it('no answer ≥ 500; every 4xx is JSON with a Spanish message and no stack; no table changes', async () => {
    const tables = await t.query<{ name: string }>(
      `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations' ORDER BY 1`,
    );
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async ({ name }) => [name, (await t.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${name}`))[0].n]),
        ),
      );
    const before = await counts();

    const probes = operations().flatMap(({ method, path, op }) => probesFor(doc, method, path, op));
    const callers: Array<[string, Record<string, string>]> = [
      ['super admin', bearer(admin)],
      ['anonymous', {}],
    ];
    const failures: string[] = [];
    let sent = 0;
    const queue = callers.flatMap(([who, auth]) => probes.map((p) => ({ who, auth, p })));
    // An index, not queue.shift(): shifting moves every remaining entry, 13,000 times.
    let taken = 0;
    const worker = async () => {
      for (let next = queue[taken++]; next; next = queue[taken++]) {
        const { who, auth, p } = next;
        const res = await send(
          agent,
          `${t.url}${p.path}`,
          p.method.toUpperCase(),
          { ...auth, ...p.headers },
          p.method === 'get' ? undefined : p.body,
        );
        sent++;
        const text = res.text;
        const where = `${who} ${p.method.toUpperCase()} ${p.path.slice(0, 80)} [${p.label}] → ${res.status}`;
        if (res.status >= 500) failures.push(`${where} ${text.slice(0, 200)}`);
        else if (res.status >= 400) {
          let message: unknown;
          try {
            message = (JSON.parse(text) as { message?: unknown }).message;
          } catch {
            failures.push(`${where}: not JSON: ${text.slice(0, 100)}`);
            continue;
          }
          if (typeof message !== 'string' || !SPANISH.test(message) || ENGLISH.test(message))
            failures.push(`${where}: message ${JSON.stringify(message)}`);
          if (STACK.test(text)) failures.push(`${where}: stack in ${text.slice(0, 200)}`);
        } else if (res.status < 300 && p.label !== 'JSON scalar' && p.method !== 'get') {
          failures.push(`${where}: accepted`);
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    expect(await counts()).toEqual(before);
    // The session is still good (nothing above logged the admin out).
    expect((await t.as(admin).get('/api/me')).status).toBe(200);
  }, 600_000);

  // Null where the document says a field may be null is valid input, so it may write: it runs after the
  // row counts were compared. It still must never be a 5xx (a field documented nullable that the database
  // refuses as null is a validation gap: such a field takes @Omittable()).
  it('null for every field documented nullable is accepted or refused in Spanish, never a 5xx', async () => {
    const failures: string[] = [];
    for (const { method, path, op } of operations()) {
      const schema = resolve(doc, op.requestBody?.content['application/json']?.schema);
      if (!schema) continue;
      const base = exampleBody(schema);
      for (const [name, p] of Object.entries(schema.properties ?? {})) {
        if (!p.nullable) continue;
        const url = buildPath(path, op.parameters ?? []);
        const res = await send(
          agent,
          `${t.url}${url}`,
          method.toUpperCase(),
          { ...bearer(admin), 'Content-Type': 'application/json' },
          JSON.stringify({ ...base, [name]: null }),
        );
        const text = res.text;
        if (res.status >= 500) failures.push(`${method.toUpperCase()} ${url} ${name}: null → ${res.status} ${text.slice(0, 120)}`);
        else if (res.status >= 400 && !SPANISH.test((JSON.parse(text) as { message: string }).message))
          failures.push(`${url} ${name}: ${text}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
