import { PlatformFoundation1763700000000 } from './1763700000000-platform-foundation';
import { ExternalEvents1763800000000 } from './1763800000000-external-events';
import { People1763900000000 } from './1763900000000-people';

/** Every migration, in order. New ones are appended here. */
export const MIGRATIONS = [PlatformFoundation1763700000000, ExternalEvents1763800000000, People1763900000000];
