import type { DataSource } from 'typeorm';

/**
 * One area's demo data (`modules/<area>/<area>.seed.ts`): idempotent (what exists is left as it is); answers
 * its part of the summary, e.g. "3 eventos externos nuevos".
 */
export interface DemoSeeder {
  area: string;
  seed(ds: DataSource): Promise<string>;
}

/** Runs the seeders in the order given (api/src/modules/seeds.ts declares it: later areas use earlier ones' rows). */
export async function runSeeders(ds: DataSource, seeders: readonly DemoSeeder[]): Promise<string> {
  const parts: string[] = [];
  for (const seeder of seeders) parts.push(await seeder.seed(ds));
  return `Datos de demostración: ${parts.join(', ')}.`;
}
