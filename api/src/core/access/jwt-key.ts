import { createSecretKey, type KeyObject } from 'node:crypto';

const keys = new Map<string, KeyObject>();

/**
 * The HS256 key of the session tokens, made once. Given the secret as a string, jsonwebtoken first tries to read it
 * as a PEM public key on EVERY sign and verify (an OpenSSL parse that throws, then a secret key): 12 % of the API's
 * time on an authenticated request in bench:mail's profile. A KeyObject skips both.
 */
export function jwtKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}
