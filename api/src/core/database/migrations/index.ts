import { PlatformFoundation1763700000000 } from './1763700000000-platform-foundation';

/** Every migration, in order. New ones are appended here. */
export const MIGRATIONS = [PlatformFoundation1763700000000];
