import { Baseline1767000000000 } from './1767000000000-baseline';

/** Every migration, in order. New ones are appended here. */
export const MIGRATIONS = [Baseline1767000000000];
