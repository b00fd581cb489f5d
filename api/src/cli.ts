import 'reflect-metadata';
import { writeSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { loadConfig } from './core/config/app-config';
import { ConfigError } from './core/config/env-readers';
import { dataSourceOptions, runMigrations } from './core/database/data-source';
import { ensureFirstAdmin, seedDemo, type FirstAdmin } from './modules/seeds';
import { AREA_ENTITIES } from './modules/entities';
import { AREA_SETTINGS, AREA_SQL_FUNCTIONS } from './modules';

/** Operational commands: `migrate` (with the first super admin) and `seed-demo`. */
async function main(): Promise<void> {
  const command = process.argv[2];
  const config = loadConfig(process.env, AREA_SETTINGS);
  if (command === 'migrate') {
    const done = await runMigrations(config.databaseUrl, AREA_SQL_FUNCTIONS);
    if (done.migrations.length) console.log(`Migraciones aplicadas: ${done.migrations.join(', ')}`);
    if (done.functions.length) console.log(`Funciones SQL actualizadas: ${done.functions.join(', ')}`);
    const ds = await new DataSource(dataSourceOptions(config.databaseUrl, AREA_ENTITIES, { extra: { max: 1 } })).initialize();
    try {
      const created = await ensureFirstAdmin(ds, config);
      if (created) announceFirstAdmin(created, config.publicUrl);
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

/**
 * Says who the first super admin is, and a generated password once. `npm start` (scripts/start.mjs) passes a
 * pipe as AFORO_CREDENTIALS_FD and prints it itself with the URL once the app is ready; run alone (docker
 * compose's `migrate`), it is printed here, with PUBLIC_URL.
 */
function announceFirstAdmin(admin: FirstAdmin, publicUrl: string): void {
  console.log(`Super administrador inicial creado: ${admin.email}`);
  const fd = Number(process.env.AFORO_CREDENTIALS_FD);
  if (Number.isInteger(fd) && fd > 2) {
    writeSync(fd, JSON.stringify(admin));
    return;
  }
  if (admin.generatedPassword) {
    console.log(
      `Contraseña inicial (se muestra solo esta vez; al entrar se pide cambiarla): ${admin.generatedPassword}\n` +
        `Inicia sesión en ${publicUrl}/login`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
