import * as bcrypt from 'bcrypt';
import { DataSource } from 'typeorm';
import type { Permissions } from '../access/permissions';
import type { AppConfig } from '../config/app-config';
import { BCRYPT_ROUNDS } from '../constants';
import { UserEntity } from '../entities';

/** Creates the first super admin from ADMIN_EMAIL/ADMIN_PASSWORD when no user exists. */
export async function ensureFirstAdmin(ds: DataSource, config: AppConfig): Promise<boolean> {
  const repo = ds.getRepository(UserEntity);
  if ((await repo.count()) > 0) return false;
  await repo.insert({
    name: 'Administrador General',
    email: config.adminEmail,
    passwordHash: await bcrypt.hash(config.adminPassword, BCRYPT_ROUNDS),
    isSuperAdmin: true,
    permissions: {},
  });
  return true;
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

/** Believable demo data; idempotent (existing e-mails are left as they are). */
export async function seedDemo(ds: DataSource): Promise<string> {
  const hash = await bcrypt.hash(DEMO_PASSWORD, BCRYPT_ROUNDS);
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
  return `Datos de demostración: ${created} usuarios nuevos (contraseña de todos: ${DEMO_PASSWORD}).`;
}
