import type { DataSource } from 'typeorm';
import { runSeeders, type DemoSeeder } from '@core/database/seed-runner';
import { externalEventsSeeder } from './external-events/external-events.seed';
import { internalEventsSeeder } from './internal-events/internal-events.seed';
import { personasSeeder } from './personas/personas.seed';
import { programsSeeder } from './programs/programs.seed';
import { seatingSeeder } from './seating/seating.seed';
import { DEMO_SPACE_NAME, spacesSeeder } from './spaces/spaces.seed';
import { usersSeeder } from './users/users.seed';

export { ensureFirstAdmin } from './users/users.seed';

/**
 * The demo data of every area, in the order it must run (`npm run seed:demo`): people before the internal
 * events that invite them, spaces before the event that takes place in one, that event before its seats.
 */
export const DEMO_SEEDERS: readonly DemoSeeder[] = [
  usersSeeder,
  externalEventsSeeder,
  personasSeeder,
  spacesSeeder,
  internalEventsSeeder(DEMO_SPACE_NAME),
  seatingSeeder,
  programsSeeder,
];

/** Believable demo data; idempotent (existing e-mails and slugs are left as they are). */
export const seedDemo = (ds: DataSource): Promise<string> => runSeeders(ds, DEMO_SEEDERS);
