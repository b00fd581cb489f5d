import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@shared/contracts/api-tokens.contract';

/** 32 random bytes (256 bits) after the prefix: guessing one is hopeless, so a fast hash (SHA-256) is enough to store it. */
const SECRET_BYTES = 32;
/** How many characters of the token the list shows (the prefix and 4 more). */
const SHOWN_CHARS = API_TOKEN_PREFIX.length + 4;
const SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

export function newApiTokenSecret(): { token: string; hash: string; prefix: string } {
  const token = API_TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
  return { token, hash: hashApiToken(token), prefix: token.slice(0, SHOWN_CHARS) };
}

/** What is stored and looked up: SHA-256 of the whole token, hex. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True for a string shaped like one of our tokens (anything else never reaches the database). */
export function looksLikeApiToken(value: string): boolean {
  return SHAPE.test(value);
}
