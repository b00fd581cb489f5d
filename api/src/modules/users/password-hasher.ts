import * as bcrypt from 'bcrypt';
import { BCRYPT_ROUNDS } from './users.constants';

/** bcrypt (the prebuilt argon2 binary segfaults on this machine; see docs/decisions.md). */
export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_ROUNDS);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);

/** Compared against when the account does not exist, so timing does not reveal which e-mails exist. */
export const DUMMY_HASH = bcrypt.hashSync('aforo-no-such-user', BCRYPT_ROUNDS);
