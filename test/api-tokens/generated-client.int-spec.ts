import createClient from 'openapi-fetch';
import type { paths } from '../generated/aforo-api';
import { eventBody, postEvent } from '../factories/external-events';
import { signedInApp, type TestApp } from '../setup/test-app';

/**
 * What an integrator at another department does (issue 33 §2 and §4): a TypeScript client generated from the served
 * document (test/generated/aforo-api.ts, openapi-typescript) with openapi-fetch, authenticated by a personal API token.
 * Paths, bodies and answers are type-checked against the document by `npm run typecheck:server`.
 */
describe('the generated TypeScript client, with an API token', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  it('creates a token with a session, then reads with the token and is refused what it was not given', async () => {
    const staff = createClient<paths>({ baseUrl: t.url, headers: { Authorization: `Bearer ${admin}` } });
    const created = await staff.POST('/api/tokens', {
      body: {
        name: 'Portal de comunicación',
        expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        permissions: { eventos_externos: ['view'] },
      },
    });
    expect(created.response.status).toBe(201);
    const token = created.data!.token;
    expect(created.data!.api_token.permissions).toEqual({ eventos_externos: ['view'] });

    await postEvent(t, admin, { title: 'Festival de la Carne Asada' }).expect(201);
    const integration = createClient<paths>({ baseUrl: t.url, headers: { Authorization: `Bearer ${token}` } });
    const list = await integration.GET('/api/eventos-externos');
    expect(list.response.status).toBe(200);
    expect(list.data!.events.map((e) => e.title)).toContain('Festival de la Carne Asada');

    const refused = await integration.POST('/api/eventos-externos', { body: eventBody() as never });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.message).toBe('El token de API no tiene permiso para realizar esta acción.');

    const mine = await integration.GET('/api/tokens');
    expect(mine.data!.tokens[0]).toMatchObject({ name: 'Portal de comunicación', active: true });
    const revoked = await staff.DELETE('/api/tokens/{id}', { params: { path: { id: created.data!.api_token.id } } });
    expect(revoked.response.status).toBe(200);
    expect((await integration.GET('/api/eventos-externos')).response.status).toBe(401);
  });
});
