import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from './core/config/app-config';
import { dataSourceOptions, runMigrations } from './core/database/data-source';
import { ensureFirstAdmin, seedDemo } from './modules/seeds';
import { AREA_ENTITIES } from './modules/entities';

/** Operational commands: `migrate` (with the first super admin) and `seed-demo`. */
async function main(): Promise<void> {
  const command = process.argv[2];
  const config = loadConfig();
  if (command === 'migrate') {
    const done = await runMigrations(config.databaseUrl);
    if (done.length) console.log(`Migraciones aplicadas: ${done.join(', ')}`);
    const ds = await new DataSource(dataSourceOptions(config.databaseUrl, AREA_ENTITIES, { extra: { max: 1 } })).initialize();
    try {
      if (await ensureFirstAdmin(ds, config)) console.log(`Super administrador inicial creado: ${config.adminEmail}`);
    } finally {
      await ds.destroy();
    }
    return;
  }
  if (command === 'seed-demo') {
    const ds = await new DataSource(dataSourceOptions(config.databaseUrl, AREA_ENTITIES, { extra: { max: 2 } })).initialize();
    try {
      const summary = await seedDemo(ds);
      console.log(summary);
    } finally {
      await ds.destroy();
    }
    return;
  }
  console.error('Uso: node dist/api/src/cli.js <migrate|seed-demo>');
  process.exit(64);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
