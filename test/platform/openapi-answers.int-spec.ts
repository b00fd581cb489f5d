import { OpenApiContract } from '../setup/openapi-contract';
import { signedInApp, type TestApp } from '../setup/test-app';

/**
 * The checker every integration test's answers go through (`TestApp.http()`) is itself checked:
 * a documented answer passes; a body that drifts from its schema, a status the operation does not document
 * and a JSON answer without a documented schema each fail with the operation, the status and the reason.
 */
describe('OpenAPI: every answer is checked against the document', () => {
  let t: TestApp;
  let admin: string;
  let contract: OpenApiContract;
  signedInApp((s) => {
    ({ t, admin } = s);
    contract = new OpenApiContract(t.url);
  });

  it('passes the answers the server gives, through TestApp.http()', async () => {
    const me = await t.as(admin).get('/api/me');
    expect(me.status).toBe(200);
    const missing = await t.as(admin).get('/api/personas/999999');
    expect(missing.status).toBe(404);
    const refused = await t.http().get('/api/users');
    expect(refused.status).toBe(401);
    // A public answer (the one documented operation no other file reaches: OPENAPI_CONTRACT_LOG).
    const privacy = await t.http().get('/api/public/privacy-notice');
    expect(privacy.status).toBe(200);
    expect(privacy.body.title).toBe('Aviso de Privacidad');
  });

  it("a problem the checker finds fails the request's promise, and so the test", async () => {
    const spy = jest.spyOn(OpenApiContract.prototype, 'check').mockResolvedValueOnce('OpenAPI contract: GET /api/me answered 200; …');
    await expect(t.as(admin).get('/api/me')).rejects.toThrow('OpenAPI contract: GET /api/me answered 200');
    await expect(t.as(admin).get('/api/me').expect(200)).resolves.toBeDefined();
    spy.mockRestore();
  });

  /** What the contract checker says of GET /api/me's real answer once `change` is made to its user. */
  const checkMeWith = async (change: (user: Record<string, unknown>) => void) => {
    const body = structuredClone((await t.as(admin).get('/api/me')).body) as { data: { user: Record<string, unknown> } };
    change(body.data.user);
    return contract.check('GET', `${t.url}/api/me`, 200, 'application/json', body);
  };

  it('fails a body that drifts from the documented schema, naming the operation, status and field', async () => {
    const problem = await checkMeWith((user) => (user.id = 'uno'));
    expect(problem).toContain('GET /api/me');
    expect(problem).toContain('answered 200');
    expect(problem).toContain('/data/user/id must be integer');
  });

  it('fails a field the document does not name (strict: OPENAPI_CONTRACT_STRICT=0 turns it off)', async () => {
    const problem = await checkMeWith((user) => (user.telefono = '8112345678'));
    expect(problem).toContain('/data/user must NOT have additional properties {"additionalProperty":"telefono"}');
  });

  it('fails an error answer without its Spanish message', async () => {
    const problem = await contract.check('GET', `${t.url}/api/personas/5`, 404, 'application/json', { error: 'x' });
    expect(problem).toContain('GET /api/personas/{id}');
    expect(problem).toContain("must have required property 'message'");
  });

  it('fails a status the operation does not document', async () => {
    const problem = await contract.check('GET', `${t.url}/api/me`, 500, 'application/json', { message: 'x' });
    expect(problem).toContain('GET /api/me');
    expect(problem).toContain('answered 500, a status the operation does not document');
  });

  it('leaves alone what the document does not name', async () => {
    expect(await contract.check('GET', `${t.url}/socket.io/`, 400, 'application/json', {})).toBeNull();
  });
});
