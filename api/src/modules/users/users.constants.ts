/** Users' numbers (accounts and passwords). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 120;
/** Bcrypt cost: ~50 ms per hash on this 2-core machine. */
export const BCRYPT_ROUNDS = 10;
