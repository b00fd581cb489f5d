import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { eventBody, postEvent } from '../factories/external-events';
import { signedInApp, type TestApp } from '../setup/test-app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
/** Where the client is generated: gitignored, never committed (docs/decisions/plataforma.md, «El cliente generado»). */
const CLIENT = join(ROOT, 'test', 'generated', 'aforo-api.ts');
/** The integrator's code, typed by the generated client; excluded from tsconfig.json, compiled here. */
const INTEGRATOR = join(__dirname, 'integrator.ts');
/** Calls the document does not allow, compiled beside it from memory: the types must refuse each one. */
const WRONG = join(__dirname, 'wrong-calls.ts');
const WRONG_CALLS = [
  `import createClient from 'openapi-fetch';`,
  `import type { paths } from '../generated/aforo-api';`,
  `const api = createClient<paths>({ baseUrl: '/' });`,
  `void api.GET('/api/no-existe');`,
  `void api.POST('/api/tokens', { body: { name: 'Sin fecha', permissions: { eventos_externos: ['view'] } } });`,
  `void api.POST('/api/tokens', { body: { name: 'x', expires_at: '2027-01-01', permissions: { eventos_externos: ['leer'] } } });`,
  `void api.DELETE('/api/tokens/{id}', { params: { path: { id: 'uno' } } });`,
  `void api.GET('/api/tokens').then((r) => r.data?.tokens[0].secreto);`,
];

/** What the test uses of integrator.ts (a static import would need the generated client to type-check the repo). */
type Integrator = {
  createPortalToken(
    baseUrl: string,
    session: string,
  ): Promise<{ status: number; token: string; permissions: unknown; revoke(): Promise<number> }>;
  portal(
    baseUrl: string,
    token: string,
  ): {
    eventTitles(): Promise<{ status: number; titles?: string[] }>;
    createEvent(body: object): Promise<{ status: number; message?: string }>;
    myTokens(): Promise<Array<{ name: string; active: boolean }>>;
  };
};

/**
 * Writes the client openapi-typescript generates from `doc` to CLIENT. Its command line, not its API: the API
 * loads ES-module-only dependencies Jest's CommonJS runtime cannot require.
 */
async function generateClient(doc: object): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'aforo-openapi-'));
  try {
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
    const bin = join(ROOT, 'node_modules', '.bin', 'openapi-typescript');
    await run(bin, [join(dir, 'openapi.json'), '--output', join(dir, 'aforo-api.ts')], { env: { ...process.env, NO_COLOR: '1' } });
    mkdirSync(dirname(CLIENT), { recursive: true });
    writeFileSync(CLIENT, `${HEADER}${readFileSync(join(dir, 'aforo-api.ts'), 'utf8')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The TypeScript errors of the integrator's file and of the wrong calls, compiled with the repository's options. */
function typeErrors(): Record<'integrator' | 'wrong', string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const options = { ...config.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists } = host;
  host.fileExists = (name) => name === WRONG || fileExists.call(host, name);
  host.getSourceFile = (name, language, ...rest) =>
    name === WRONG ? ts.createSourceFile(name, WRONG_CALLS.join('\n'), language) : getSourceFile.call(host, name, language, ...rest);
  const program = ts.createProgram([INTEGRATOR, WRONG], options, host);
  const errors = ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0;
    return {
      file: d.file?.fileName,
      text: `${relative(ROOT, d.file?.fileName ?? '')}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    };
  });
  return {
    integrator: errors.filter((e) => e.file !== WRONG).map((e) => e.text),
    wrong: errors.filter((e) => e.file === WRONG).map((e) => e.text),
  };
}

/**
 * What an integrator at another department does (issue 33 §2 and §4): generate a TypeScript client from the served
 * document (openapi-typescript, into the gitignored test/generated/aforo-api.ts; `npm run openapi:client` runs this
 * file to get it), type-check their code against it (integrator.ts compiles; calls the document does not allow do
 * not) and call the API with openapi-fetch, authenticated by a personal API token.
 */
describe('the generated TypeScript client, with an API token', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  it('is generated from the served document and types the integrator’s calls (and refuses calls the document does not allow)', async () => {
    const doc = (await t.http().get('/api/docs/openapi.json').expect(200)).body;
    await generateClient(doc);
    const errors = typeErrors();
    expect(errors.integrator).toEqual([]);
    // One error (at least) on each wrong call: lines 4–8 of WRONG_CALLS, and none on the first three.
    const lines = [...new Set(errors.wrong.map((e) => Number(/:(\d+):/.exec(e)![1])))];
    expect({ lines, errors: errors.wrong }).toMatchObject({ lines: [4, 5, 6, 7, 8] });
  }, 60_000);

  it('creates a token with a session, then reads with the token and is refused what it was not given', async () => {
    const { createPortalToken, portal } = (await import(INTEGRATOR)) as Integrator;
    const created = await createPortalToken(t.url, admin);
    expect(created.status).toBe(201);
    expect(created.permissions).toEqual({ eventos_externos: ['view'] });

    await postEvent(t, admin, { title: 'Festival de la Carne Asada' }).expect(201);
    const integration = portal(t.url, created.token);
    const list = await integration.eventTitles();
    expect(list.status).toBe(200);
    expect(list.titles).toContain('Festival de la Carne Asada');

    expect(await integration.createEvent(eventBody())).toEqual({
      status: 403,
      message: 'El token de API no tiene permiso para realizar esta acción.',
    });

    expect((await integration.myTokens())[0]).toMatchObject({ name: 'Portal de comunicación', active: true });
    expect(await created.revoke()).toBe(200);
    expect((await integration.eventTitles()).status).toBe(401);
  });
});

const HEADER = `/* eslint-disable */
// Generated by openapi-typescript from the served OpenAPI document (/api/docs/openapi.json): do not edit, do not
// commit (gitignored). test/api-tokens/generated-client.int-spec.ts writes it; \`npm run openapi:client\` runs that test.
`;
