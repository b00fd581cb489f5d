/**
 * The Authorization header of a token, for every request a test builds by hand: supertest's `t.as(token)` (and
 * `.set(bearer(token))` where a request is built apart) and Playwright's `headers: bearer(token)`. No other
 * import, so browser tests can use it too.
 */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
