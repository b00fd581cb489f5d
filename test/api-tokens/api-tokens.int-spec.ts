import { createHash } from 'node:crypto';
import { eventBody, postEvent } from '../factories/external-events';
import { eventually, signedInApp, type TestApp } from '../setup/test-app';

/** Issue 33 §2: personal API tokens — scopes within the owner's permissions, shown once, hashed, revocable, audited. */
describe('API tokens (issue 33 §2)', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  const inAYear = () => new Date(Date.now() + 300 * 24 * 3600 * 1000).toISOString();
  let n = 0;
  /** A token made through the API by `session` (a session's JWT or another token); the answer's body. */
  async function createToken(session: string, permissions: Record<string, string[]>, name = `Integración ${++n}`) {
    const res = await t.as(session).post('/api/tokens').send({ name, expires_at: inAYear(), permissions });
    if (res.status !== 201) throw new Error(`POST /api/tokens: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { token: string; api_token: { id: number; prefix: string; permissions: Record<string, string[]> } };
  }
  let u = 0;
  async function staff(permissions: Record<string, string[]>) {
    const email = `integra${++u}@aforo.test`;
    return { email, ...(await t.createUser(admin, { name: 'Usuario Prueba', email, permissions })) };
  }

  it('a token with eventos_externos:view reads the list and is refused a create', async () => {
    const user = await staff({ eventos_externos: ['view', 'create'] });
    const { token } = await createToken(user.token, { eventos_externos: ['view'] });
    expect(token).toMatch(/^afo_[A-Za-z0-9_-]{43}$/);

    const list = await t.as(token).get('/api/eventos-externos');
    expect(list.status).toBe(200);
    const create = await postEvent(t, token);
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('El token de API no tiene permiso para realizar esta acción.');
    // The owner's session still may: the token is narrower than its owner.
    expect((await t.as(user.token).post('/api/eventos-externos').send(eventBody())).status).toBe(201);
  });

  it('follows the authorization matrix: scopes, person-only routes, never a super admin', async () => {
    // A super admin's token with every scope of every area still is no super admin.
    const { token } = await createToken(admin, {
      eventos_externos: ['view', 'create', 'edit', 'delete'],
      personas: ['view'],
      privacidad: ['view'],
    });
    const matrix: Array<[string, string, number]> = [
      ['get', '/api/eventos-externos', 200],
      ['get', '/api/personas', 200],
      ['get', '/api/privacidad/avisos', 200],
      ['get', '/api/programas-servicios', 200], // view in programas_servicios or eventos_externos
      ['get', '/api/eventos-internos', 403], // no eventos_internos scope
      ['post', '/api/privacidad/avisos', 403], // view only
      ['get', '/api/users', 403], // super admins' routes: a person's
      ['get', '/api/correos', 200], // the mail of its areas (eventos_externos), not everyone's
      ['get', '/api/me', 200], // signed-in routes a token may call
      ['get', '/api/tokens', 200],
      ['post', '/api/me/password', 403], // signed-in routes of a person only
      ['post', '/api/logout', 403],
    ];
    const answers: Array<[string, string, number]> = [];
    for (const [method, path] of matrix) {
      const req = method === 'get' ? t.as(token).get(path) : t.as(token).post(path).send({});
      answers.push([method, path, (await req).status]);
    }
    // 422 is a body refused after access was granted: count it as allowed for a POST whose body is empty.
    expect(answers.map(([m, p, s]) => [m, p, s === 422 ? 200 : s])).toEqual(matrix);
    const me = await t.as(token).get('/api/me');
    expect(me.body.data.user).toMatchObject({
      is_super_admin: false,
      permissions: { eventos_externos: ['view', 'create', 'edit', 'delete'] },
    });
  });

  it('never holds more than its owner holds now: a permission the user loses, the token loses', async () => {
    const user = await staff({ eventos_externos: ['view'], personas: ['view'] });
    const { token } = await createToken(user.token, { eventos_externos: ['view'], personas: ['view'] });
    expect((await t.as(token).get('/api/personas')).status).toBe(200);
    await t
      .as(admin)
      .put(`/api/users/${user.id}`)
      .send({ name: 'Usuario Prueba', email: user.email, permissions: { personas: [] } })
      .expect(200);
    expect((await t.as(token).get('/api/personas')).status).toBe(403);
    expect((await t.as(token).get('/api/eventos-externos')).status).toBe(200);
  });

  it('cannot create a token with more than itself or its user', async () => {
    const user = await staff({ eventos_externos: ['view', 'create'] });
    const before = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM api_tokens');
    const beyondUser = await t
      .as(user.token)
      .post('/api/tokens')
      .send({ name: 'Demasiado', expires_at: inAYear(), permissions: { eventos_externos: ['view', 'delete'], personas: ['view'] } });
    expect(beyondUser.status).toBe(422);
    expect(beyondUser.body.errors.permissions).toEqual([
      'No puedes dar a un token permisos que no tienes: eventos_externos.delete, personas.view.',
    ]);

    const { token } = await createToken(user.token, { eventos_externos: ['view'] });
    const beyondToken = await t
      .as(token)
      .post('/api/tokens')
      .send({ name: 'Hijo', expires_at: inAYear(), permissions: { eventos_externos: ['view', 'create'] } });
    expect(beyondToken.status).toBe(422);
    expect(beyondToken.body.errors.permissions[0]).toContain('eventos_externos.create');
    expect((await t.query<{ n: number }>('SELECT count(*)::int AS n FROM api_tokens'))[0].n).toBe(before[0].n + 1);

    // Within itself it may, and the new token is its owner's.
    const child = await createToken(token, { eventos_externos: ['view'] });
    const [row] = await t.query<{ user_id: number }>('SELECT user_id FROM api_tokens WHERE id = $1', [child.api_token.id]);
    expect(row.user_id).toBe(user.id);
  });

  it('checks the body: name, a future expiry of at most a year, at least one permission', async () => {
    const before = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM api_tokens');
    const blank = await t
      .as(admin)
      .post('/api/tokens')
      .send({ name: ' ', expires_at: 'mañana', permissions: { nada: ['view'] } });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.body.errors).sort()).toEqual(['expires_at', 'name', 'permissions']);
    const none = await t.as(admin).post('/api/tokens').send({ name: 'Vacío', expires_at: inAYear(), permissions: {} });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ permissions: ['Elige al menos un permiso para el token.'] });
    const past = await t
      .as(admin)
      .post('/api/tokens')
      .send({ name: 'Pasado', expires_at: '2020-01-01T00:00:00Z', permissions: { personas: ['view'] } });
    expect(past.status).toBe(422);
    expect(past.body.errors.expires_at).toEqual(['La fecha de vencimiento debe ser futura.']);
    const far = await t
      .as(admin)
      .post('/api/tokens')
      .send({ name: 'Lejano', expires_at: new Date(Date.now() + 400 * 86_400_000).toISOString(), permissions: { personas: ['view'] } });
    expect(far.status).toBe(422);
    expect(far.body.errors.expires_at[0]).toMatch(/a lo más 366 días/);
    expect(await t.query<{ n: number }>('SELECT count(*)::int AS n FROM api_tokens')).toEqual(before);
  });

  it('is stored hashed, shown once, and listed without its secret', async () => {
    const { token, api_token } = await createToken(admin, { personas: ['view'] });
    const [row] = await t.query<{ token_hash: string; prefix: string }>('SELECT token_hash, prefix FROM api_tokens WHERE id = $1', [
      api_token.id,
    ]);
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.prefix).toBe(token.slice(0, 8));
    const stored = JSON.stringify(await t.query('SELECT * FROM api_tokens'));
    expect(stored).not.toContain(token);
    const list = await t.as(admin).get('/api/tokens');
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect(list.body.tokens.find((x: { id: number }) => x.id === api_token.id)).toMatchObject({ prefix: token.slice(0, 8), active: true });
  });

  it('a revoked, expired or unknown token, or one whose owner is gone, is 401', async () => {
    const user = await staff({ eventos_externos: ['view'] });
    const revoked = await createToken(user.token, { eventos_externos: ['view'] });
    const expired = await createToken(user.token, { eventos_externos: ['view'] });
    for (const x of [revoked, expired]) expect((await t.as(x.token).get('/api/eventos-externos')).status).toBe(200);

    const del = await t.as(user.token).delete(`/api/tokens/${revoked.api_token.id}`);
    expect(del.status).toBe(200);
    expect(del.body.api_token).toMatchObject({ active: false });
    await t.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.api_token.id]);
    const forged = `afo_${'A'.repeat(43)}`;
    for (const bad of [revoked.token, expired.token, forged]) {
      const res = await t.as(bad).get('/api/eventos-externos');
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('El token de API no es válido, venció o fue revocado.');
    }
    expect((await t.as(user.token).delete(`/api/tokens/${revoked.api_token.id}`)).status).toBe(409);

    const other = await createToken(user.token, { eventos_externos: ['view'] });
    await t.as(admin).delete(`/api/users/${user.id}`).expect(200);
    expect((await t.as(other.token).get('/api/eventos-externos')).status).toBe(401);
  });

  it('lists and revokes one’s own; a super admin sees and revokes everyone’s', async () => {
    const ana = await staff({ personas: ['view'] });
    const beto = await staff({ personas: ['view'] });
    const anas = await createToken(ana.token, { personas: ['view'] }, 'De Ana');
    const betos = await createToken(beto.token, { personas: ['view'] }, 'De Beto');

    const anaList = await t.as(ana.token).get('/api/tokens');
    expect(anaList.body.tokens.map((x: { name: string }) => x.name)).toEqual(['De Ana']);
    expect((await t.as(ana.token).delete(`/api/tokens/${betos.api_token.id}`)).status).toBe(404);
    // A token of ana's sees ana's list (not everyone's, even were she a super admin).
    expect((await t.as(anas.token).get('/api/tokens')).body.tokens.map((x: { name: string }) => x.name)).toEqual(['De Ana']);

    const all = await t.as(admin).get('/api/tokens');
    const names = all.body.tokens.map((x: { name: string }) => x.name);
    expect(names).toEqual(expect.arrayContaining(['De Ana', 'De Beto']));
    expect(all.body.tokens.find((x: { name: string }) => x.name === 'De Beto').owner.id).toBe(beto.id);
    expect((await t.as(admin).delete(`/api/tokens/${betos.api_token.id}`)).status).toBe(200);
    expect((await t.as(betos.token).get('/api/personas')).status).toBe(401);
  });

  it('two creations with one name at once leave one live token (the partial unique index)', async () => {
    const body = { name: 'Tablero de Protección Civil', expires_at: inAYear(), permissions: { eventos_externos: ['view'] } };
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.as(admin).post('/api/tokens').send(body)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422]);
    expect(answers.find((a) => a.status === 422)!.body.errors.name).toEqual(['Ya tienes un token vigente con ese nombre.']);
    const rows = await t.query(`SELECT id FROM api_tokens WHERE name = $1 AND revoked_at IS NULL`, [body.name]);
    expect(rows).toHaveLength(1);
  });

  it('records its last use at most once a minute', async () => {
    const { token, api_token } = await createToken(admin, { personas: ['view'] });
    const lastUse = async () =>
      (await t.query<{ at: Date | null }>('SELECT last_used_at AS at FROM api_tokens WHERE id = $1', [api_token.id]))[0].at;
    expect(await lastUse()).toBeNull();
    await t.as(token).get('/api/personas').expect(200);
    const first = await lastUse();
    expect(first).not.toBeNull();
    await Promise.all([1, 2, 3].map(() => t.as(token).get('/api/personas').expect(200)));
    expect(await lastUse()).toEqual(first);
    // A minute later the next call writes again.
    await t.query(`UPDATE api_tokens SET last_used_at = now() - interval '61 seconds' WHERE id = $1`, [api_token.id]);
    const aged = await lastUse();
    await t.as(token).get('/api/personas').expect(200);
    expect((await lastUse())!.getTime()).toBeGreaterThan(aged!.getTime());
    const listed = (await t.as(admin).get('/api/tokens')).body.tokens.find((x: { id: number }) => x.id === api_token.id);
    expect(listed.last_used_at).not.toBeNull();
  });

  it('audits every change made with a token as made with that token', async () => {
    const { token, api_token } = await createToken(admin, { eventos_externos: ['view', 'create'] });
    const created = await postEvent(t, token);
    expect(created.status).toBe(201);
    const entry = await eventually(
      () =>
        t.query<{ user_id: number; api_token_id: number | null; action: string }>(
          `SELECT user_id, api_token_id, action FROM audit_logs WHERE event_type = 'external-event.created' AND resource_id = $1`,
          [String(created.body.event.id)],
        ),
      (rows) => rows.length === 1,
    );
    const [adminRow] = await t.query<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@aforo.test'`);
    expect(entry[0]).toEqual({ user_id: adminRow.id, api_token_id: api_token.id, action: 'create' });
    // The same change through the session names no token.
    const bySession = await postEvent(t, admin);
    const sessionEntry = await eventually(
      () =>
        t.query<{ api_token_id: number | null }>(
          `SELECT api_token_id FROM audit_logs WHERE resource_id = $1 AND event_type = 'external-event.created'`,
          [String(bySession.body.event.id)],
        ),
      (rows) => rows.length === 1,
    );
    expect(sessionEntry[0].api_token_id).toBeNull();
    // The token's own creation and revocation are audited too.
    await t.as(admin).delete(`/api/tokens/${api_token.id}`).expect(200);
    const trail = await eventually(
      () =>
        t.query<{ action: string }>(`SELECT action FROM audit_logs WHERE resource_type = 'api_token' AND resource_id = $1 ORDER BY id`, [
          String(api_token.id),
        ]),
      (rows) => rows.length === 2,
    );
    expect(trail.map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('never opens a socket (no staff room)', async () => {
    const { token } = await createToken(admin, { eventos_externos: ['view'] });
    await expect(t.socket(token)).rejects.toThrow();
  });
});
