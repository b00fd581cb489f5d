import { Baseline1767000000000 } from './1767000000000-baseline';
import { MailOneQueue1767100000000 } from './1767100000000-mail-one-queue';

/** Every migration, in order. New ones are appended here. */
export const MIGRATIONS = [Baseline1767000000000, MailOneQueue1767100000000];
