import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@core/config/app-config';
import type { DemoSeeder } from '@core/database/seed-runner';
import type { Permissions } from '@shared/permissions';
import { hashPassword } from './password-hasher';
import { UserEntity } from './user.entity';

/** The first super admin, as created: `generatedPassword` is the only copy of a generated one (only its hash is kept). */
export interface FirstAdmin {
  email: string;
  generatedPassword: string | null;
}

/**
 * Creates the first super admin when no user exists. With ADMIN_PASSWORD, that password, as given. Without it, a
 * generated one (120 random bits), stored only as its hash, that must be changed at the first sign-in; the caller
 * shows it once, as Grafana and Jenkins do (docs/decisions/seguridad.md «Sin contraseña inicial fija»).
 */
export async function ensureFirstAdmin(ds: DataSource, config: AppConfig): Promise<FirstAdmin | null> {
  const repo = ds.getRepository(UserEntity);
  if ((await repo.count()) > 0) return null;
  const generatedPassword = config.adminPassword ? null : randomBytes(15).toString('base64url');
  await repo.insert({
    name: 'Administrador General',
    email: config.adminEmail,
    passwordHash: await hashPassword(config.adminPassword ?? generatedPassword!),
    isSuperAdmin: true,
    permissions: {},
    mustChangePassword: generatedPassword !== null,
  });
  return { email: config.adminEmail, generatedPassword };
}

export const DEMO_PASSWORD = 'demo-aforo-2026';

const DEMO_USERS: Array<{ name: string; email: string; permissions: Permissions; isSuperAdmin?: boolean }> = [
  { name: 'María Fernanda Garza Treviño', email: 'maria.garza@demo.aforo.mx', permissions: {}, isSuperAdmin: true },
  {
    name: 'José Luis Villarreal Cantú',
    email: 'jose.villarreal@demo.aforo.mx',
    permissions: { eventos_externos: ['view', 'create', 'edit', 'delete'], programas_servicios: ['view', 'create', 'edit'] },
  },
  {
    name: 'Ana Sofía Elizondo Salinas',
    email: 'ana.elizondo@demo.aforo.mx',
    permissions: { eventos_internos: ['view', 'create', 'edit'], personas: ['view', 'create', 'edit'] },
  },
  {
    name: 'Carlos Eduardo Garza Leal',
    email: 'carlos.garza@demo.aforo.mx',
    permissions: { eventos_externos: ['view'], eventos_internos: ['view'] },
  },
  { name: 'Guadalupe Martínez Rodríguez', email: 'guadalupe.martinez@demo.aforo.mx', permissions: { personas: ['view'] } },
  { name: 'Roberto Treviño Cavazos', email: 'roberto.trevino@demo.aforo.mx', permissions: {} },
];

/** The demo accounts, one per kind of permission (existing e-mails are left as they are). */
export const usersSeeder: DemoSeeder = {
  area: 'users',
  async seed(ds: DataSource): Promise<string> {
    const hash = await hashPassword(DEMO_PASSWORD);
    const result = await ds
      .createQueryBuilder()
      .insert()
      .into(UserEntity)
      .values(
        DEMO_USERS.map((u) => ({
          name: u.name,
          email: u.email,
          passwordHash: hash,
          isSuperAdmin: u.isSuperAdmin ?? false,
          permissions: u.permissions,
        })),
      )
      .orIgnore()
      .execute();
    const created = result.identifiers.filter(Boolean).length;
    return `${created} usuarios nuevos (contraseña de todos: ${DEMO_PASSWORD})`;
  },
};
