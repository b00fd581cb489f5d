import type { TestApp } from '../setup/test-app';

type Overrides = Record<string, unknown>;

/**
 * An area's staff form as answers for the test to check: `post` creates from `body(overrides)`, `put` saves record
 * `id`'s form with it — both as the token's holder.
 */
export function staffForm(path: string, body: (overrides?: Overrides) => object) {
  return {
    post: (t: TestApp, token: string, overrides: Overrides = {}) => t.as(token).post(path).send(body(overrides)),
    put: (t: TestApp, token: string, id: number, overrides: Overrides = {}) => t.as(token).put(`${path}/${id}`).send(body(overrides)),
  };
}

/** A public page's forms as anyone on it sends them (no token), as answers for the test to check: register, join the waitlist. */
export function publicForms(path: string) {
  return {
    register: (t: TestApp, slug: string, body: object) => t.http().post(`${path}/${slug}/register`).send(body),
    joinWaitlist: (t: TestApp, slug: string, body: object) => t.http().post(`${path}/${slug}/waitlist`).send(body),
  };
}
