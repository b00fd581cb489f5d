import createClient from 'openapi-fetch';
import type { paths } from '../generated/aforo-api';

/**
 * The code an integrator at another department writes (issue 33 §2 and §4): openapi-fetch with the types
 * openapi-typescript generates from the served document into test/generated/aforo-api.ts (gitignored, not
 * committed). Nothing in the repository imports this file statically, so `npm run lint` needs no generated
 * client (tsconfig.json excludes it): test/api-tokens/generated-client.int-spec.ts generates the client, compiles
 * this file against it with the TypeScript compiler (strict, no errors) and then runs it against the app.
 */
export type NewExternalEvent = NonNullable<paths['/api/eventos-externos']['post']['requestBody']>['content']['application/json'];

const client = (baseUrl: string, bearer: string) => createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${bearer}` } });

/** A staff member, signed in, creates the portal's token: read-only on external events, valid 30 days. */
export async function createPortalToken(baseUrl: string, session: string) {
  const staff = client(baseUrl, session);
  const created = await staff.POST('/api/tokens', {
    body: {
      name: 'Portal de comunicación',
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      permissions: { eventos_externos: ['view'] },
    },
  });
  return {
    status: created.response.status,
    token: created.data!.token,
    permissions: created.data!.api_token.permissions,
    revoke: async () => (await staff.DELETE('/api/tokens/{id}', { params: { path: { id: created.data!.api_token.id } } })).response.status,
  };
}

/** The portal, with only its token: lists the events, tries to create one, looks at its own token. */
export function portal(baseUrl: string, token: string) {
  const api = client(baseUrl, token);
  return {
    async eventTitles() {
      const list = await api.GET('/api/eventos-externos');
      return { status: list.response.status, titles: list.data?.events.map((e) => e.title) };
    },
    async createEvent(body: NewExternalEvent) {
      const created = await api.POST('/api/eventos-externos', { body });
      return { status: created.response.status, message: created.error?.message };
    },
    async myTokens() {
      const mine = await api.GET('/api/tokens');
      return mine.data!.tokens.map(({ name, active }) => ({ name, active }));
    },
  };
}
