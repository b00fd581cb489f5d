import type { TestApp } from '../setup/test-app';

type Overrides = Record<string, unknown>;

/**
 * An area's staff form, as the token's holder: `post` creates from `body(overrides)` and `put` saves record `id`'s
 * form with it (the answers, for the test to check); `create` creates one (a 201, or it throws) and answers the record,
 * the answer's `key` (`{ event: … }`, `{ programa: … }`).
 */
export function staffForm<Created>(path: string, body: (overrides?: Overrides) => object, key: string) {
  return {
    post: (t: TestApp, token: string, overrides: Overrides = {}) => t.as(token).post(path).send(body(overrides)),
    put: (t: TestApp, token: string, id: number, overrides: Overrides = {}) => t.as(token).put(`${path}/${id}`).send(body(overrides)),
    create: async (t: TestApp, token: string, overrides: Overrides = {}): Promise<Created> =>
      (await t.created(token, path, body(overrides)))[key] as Created,
  };
}

/** A public page's forms as anyone on it sends them (no token), as answers for the test to check: register, join the waitlist. */
export function publicForms(path: string) {
  return {
    register: (t: TestApp, slug: string, body: object) => t.http().post(`${path}/${slug}/register`).send(body),
    joinWaitlist: (t: TestApp, slug: string, body: object) => t.http().post(`${path}/${slug}/waitlist`).send(body),
  };
}
