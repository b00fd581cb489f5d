import { randomInt } from 'node:crypto';
import { CONFIRMATION_CODE_ALPHABET, CONFIRMATION_CODE_LENGTH } from '@shared/contracts/internal-events.contract';

/** One code from the cryptographic generator, each character uniform over the alphabet (randomInt has no modulo bias). */
export function randomConfirmationCode(): string {
  let code = '';
  for (let i = 0; i < CONFIRMATION_CODE_LENGTH; i++) code += CONFIRMATION_CODE_ALPHABET[randomInt(CONFIRMATION_CODE_ALPHABET.length)];
  return code;
}

/** n codes, distinct among themselves (collisions with codes already stored are left to the unique constraint). */
export function distinctConfirmationCodes(n: number): string[] {
  const codes = new Set<string>();
  while (codes.size < n) codes.add(randomConfirmationCode());
  return [...codes];
}
