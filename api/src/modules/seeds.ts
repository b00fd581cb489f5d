import type { DataSource } from 'typeorm';
import { runSeeders, type DemoSeeder } from '@core/database/seed-runner';
import { AREA_SEEDERS } from '.';

export { ensureFirstAdmin, type FirstAdmin } from './users/users.seed';

/**
 * The demo data of every area, in the order it must run (`npm run seed:demo`): api/src/modules/index.ts
 * declares each area's seeder and SEED_ORDER.
 */
export const DEMO_SEEDERS: readonly DemoSeeder[] = AREA_SEEDERS;

/** Believable demo data; idempotent (existing e-mails and slugs are left as they are). */
export const seedDemo = (ds: DataSource): Promise<string> => runSeeders(ds, DEMO_SEEDERS);
