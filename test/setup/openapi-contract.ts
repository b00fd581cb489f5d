import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { appendFileSync, writeFileSync } from 'node:fs';
import request from 'supertest';

type Schema = Record<string, unknown>;
type Responses = Record<string, { content?: Record<string, { schema?: Schema }> }>;
type Document = {
  paths: Record<string, Record<string, { responses?: Responses }>>;
  components?: { schemas?: Record<string, Schema> };
};
type Operation = { template: string; method: string; responses: Responses; pattern: RegExp; params: number };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/**
 * Strict by default: an object schema that lists its properties allows no others, so a field the server sends
 * and the document does not name is drift too (a generated client would never see it).
 * OPENAPI_CONTRACT_STRICT=0 checks only what the document names.
 */
const STRICT = process.env.OPENAPI_CONTRACT_STRICT !== '0';

const isPlainObject = (s: unknown): s is Schema & { properties: Record<string, unknown> } =>
  !!s && typeof s === 'object' && (s as Schema).type === 'object' && !!(s as Schema).properties && !(s as Schema).anyOf;

/**
 * OpenAPI 3.0 → the JSON Schema ajv reads: `nullable` becomes "or null" (ajv's own `nullable` wants a `type`
 * beside it, which `allOf: [$ref]` has not), `$ref`s point into the definitions ajv is given, and an `allOf`
 * of objects (a named schema plus some fields) becomes one object, so that strictness sees all its fields.
 */
function converter(components: Record<string, Schema>) {
  const convert = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(convert);
    if (!s || typeof s !== 'object') return s;
    const src = s as Schema;
    let out: Schema = {};
    for (const [k, v] of Object.entries(src)) {
      if (k === 'nullable' || k === 'example' || k === 'description' || k === 'discriminator') continue;
      if (k === '$ref' && typeof v === 'string') out.$ref = v.replace('#/components/schemas/', 'openapi#/definitions/');
      else if (k === 'properties') {
        out[k] = Object.fromEntries(Object.entries(v as Schema).map(([name, p]) => [name, convert(p)]));
      } else out[k] = convert(v);
    }
    if (Array.isArray(src.allOf)) {
      const parts = (src.allOf as Schema[]).map((part) => {
        const ref = typeof part.$ref === 'string' ? components[part.$ref.split('/').pop()!] : undefined;
        return convert(ref ?? part);
      });
      if (parts.every(isPlainObject)) {
        delete out.allOf;
        out = {
          ...out,
          type: 'object',
          properties: Object.assign({}, ...parts.map((p) => p.properties)),
          required: [...new Set(parts.flatMap((p) => (p.required as string[] | undefined) ?? []))],
        };
      }
    }
    if (STRICT && out.type === 'object' && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
    return src.nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
  };
  return convert;
}

const errorsText = (errors: ErrorObject[] | null | undefined): string =>
  (errors ?? [])
    .slice(0, 12)
    .map(
      (e) =>
        `    ${e.instancePath || '(the body)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
    )
    .join('\n');

/**
 * Every answer an integration test receives through `TestApp.http()` is checked against the
 * OpenAPI document the app under test serves (/api/docs/openapi.json). The request's method and path find
 * the operation (literal segments win over `{param}` ones); its status must be documented (exactly, by range
 * such as 4XX, or `default`), and a JSON body must match that answer's schema (ajv, $refs into
 * components.schemas). A mismatch fails the request's promise (and so the test) with the operation, the
 * status, ajv's errors and the start of the body. Paths the document does not name (static files,
 * /socket.io, the document itself, a test's own routes) are not checked.
 */
export class OpenApiContract {
  private doc: Promise<{ operations: Operation[]; ajv: Ajv; toJsonSchema: (s: unknown) => unknown } | null> | null = null;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly baseUrl: string) {}

  private load() {
    this.doc ??= request(this.baseUrl)
      .get('/api/docs/openapi.json')
      .then((res) => {
        // A process without the document (realtime-only answers 404 to all but /socket.io and health): nothing to check against.
        if (res.status !== 200 || !res.body?.paths) return null;
        const doc = res.body as Document;
        const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
        addFormats(ajv);
        ajv.addFormat('binary', true);
        const toJsonSchema = converter(doc.components?.schemas ?? {});
        const definitions = Object.fromEntries(Object.entries(doc.components?.schemas ?? {}).map(([name, s]) => [name, toJsonSchema(s)]));
        ajv.addSchema({ $id: 'openapi', definitions });
        const operations: Operation[] = [];
        for (const [template, ops] of Object.entries(doc.paths)) {
          for (const method of METHODS) {
            const op = ops[method];
            if (!op) continue;
            const params = (template.match(/\{[^}]+\}/g) ?? []).length;
            const source = template
              .split(/\{[^}]+\}/)
              .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
              .join('[^/]+');
            operations.push({ template, method, responses: op.responses ?? {}, pattern: new RegExp(`^${source}/?$`), params });
          }
        }
        if (process.env.OPENAPI_CONTRACT_LOG) {
          const all = operations.map((o) => `${o.method.toUpperCase()} ${o.template}\n`).join('');
          writeFileSync(`${process.env.OPENAPI_CONTRACT_LOG}.operations`, all);
        }
        // Literal segments first: /api/eventos-internos/public/{slug} before /api/eventos-internos/{id}/{x}.
        operations.sort((a, b) => a.params - b.params);
        return { operations, ajv, toJsonSchema };
      });
    return this.doc;
  }

  /** The problem with one answer, or null when it is what the document says. */
  async check(method: string, url: string, status: number, contentType: string | undefined, body: unknown): Promise<string | null> {
    const loaded = await this.load();
    if (!loaded) return null;
    const path = new URL(url, this.baseUrl).pathname;
    const m = method.toLowerCase();
    const op = loaded.operations.find((o) => o.method === m && o.pattern.test(path));
    if (!op) return null;
    const name = `${m.toUpperCase()} ${op.template}`;
    // OPENAPI_CONTRACT_LOG=<file>: one line per answer checked (which operations the suite reaches, and with what).
    if (process.env.OPENAPI_CONTRACT_LOG) appendFileSync(process.env.OPENAPI_CONTRACT_LOG, `${name} ${status}\n`);
    const documented = Object.keys(op.responses);
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => op.responses[k]);
    if (!key) {
      return (
        `OpenAPI contract: ${name} (${m.toUpperCase()} ${path}) answered ${status}, a status the operation does not document ` +
        `(documented: ${documented.join(', ')}). Document the answer (@Answer / @ApiResponse on the route) or fix the server.\n` +
        `  body: ${excerpt(body)}`
      );
    }
    if (!contentType?.includes('json') || status === 204 || status === 304) return null;
    const schema = op.responses[key].content?.['application/json']?.schema;
    if (!schema) {
      return (
        `OpenAPI contract: ${name} answered ${status} with JSON, but its documented ${key} answer has no application/json schema. ` +
        `Document the body (@Endpoint's answers: { [status]: [description, schema] }).\n  body: ${excerpt(body)}`
      );
    }
    const id = `${name} ${key}`;
    let validate = this.validators.get(id);
    if (!validate) {
      validate = loaded.ajv.compile(loaded.toJsonSchema(schema) as Schema);
      this.validators.set(id, validate);
    }
    if (validate(body)) return null;
    return (
      `OpenAPI contract: ${name} (${m.toUpperCase()} ${path}) answered ${status}; the body does not match the documented ` +
      `${key} schema (fix the route's @Answer schema in <area>.openapi.ts or the server):\n${errorsText(validate.errors)}\n` +
      `  body: ${excerpt(body)}`
    );
  }

  /** Wraps a supertest request: its callback / promise gets the contract's problem as an error. */
  watch(test: request.Test): request.Test {
    const end = test.end.bind(test);
    const method = (test as unknown as { method: string }).method;
    const url = (test as unknown as { url: string }).url;
    test.end = ((fn?: (err: unknown, res: request.Response) => void) =>
      end((err: unknown, res: request.Response) => {
        if (!res) return fn?.(err, res);
        this.check(method, url, res.status, res.headers?.['content-type'], res.body).then(
          (problem) => fn?.(problem ? Object.assign(new Error(problem), { response: res }) : err, res),
          (failure: unknown) => fn?.(failure, res),
        );
      })) as request.Test['end'];
    return test;
  }
}

function excerpt(body: unknown): string {
  const text = JSON.stringify(body) ?? String(body);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}
