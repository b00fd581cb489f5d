/** Spanish labels and the access rules of spec 1 §2.2 and §6, on top of the shared pure checks. */
import { ACTIONS, AREAS, can, hasAnyAccess, type Action, type Area, type PermissionSubject } from '@shared/access/permissions';

export { ACTIONS, AREAS, can, hasAnyAccess };
export type { Action, Area, PermissionSubject };

export const AREA_LABELS: Record<Area, string> = {
  eventos_internos: 'Eventos Internos',
  eventos_externos: 'Eventos Externos',
  programas_servicios: 'Programas y Servicios',
  personas: 'Personas',
};

export const ACTION_LABELS: Record<Action, string> = {
  view: 'Ver',
  create: 'Crear',
  edit: 'Editar',
  delete: 'Eliminar',
};

export function areaActions(subject: PermissionSubject | null | undefined, area: Area): Action[] {
  return subject?.permissions[area] ?? [];
}

/** Programas y Servicios: super admin, any programas_servicios entry, or a non-empty eventos_externos list. */
export function canSeeProgramas(subject: PermissionSubject | null | undefined): boolean {
  if (!subject) return false;
  return (
    subject.is_super_admin || areaActions(subject, 'programas_servicios').length > 0 || areaActions(subject, 'eventos_externos').length > 0
  );
}

export interface NavLink {
  to: string;
  label: string;
}

/**
 * The people database is gated by the eventos_internos permissions (spec 3 §6), so its link and its
 * dashboard card follow the same rule as the server; the spec 1 "personas flag" alone would lead to a
 * screen that refuses the user.
 */
export function canSeePersonas(subject: PermissionSubject | null | undefined): boolean {
  return can(subject, 'eventos_internos', 'view');
}

/** The admin navigation of spec 1 §2.2, in its order, filtered by §6. */
export function navLinksFor(subject: PermissionSubject | null | undefined): NavLink[] {
  const links: NavLink[] = [{ to: '/dashboard', label: 'Panel Principal' }];
  if (hasAnyAccess(subject, 'eventos_externos')) links.push({ to: '/eventos-externos', label: 'Eventos Externos' });
  if (hasAnyAccess(subject, 'eventos_internos')) links.push({ to: '/eventos-internos', label: 'Eventos Internos' });
  if (canSeePersonas(subject)) links.push({ to: '/personas', label: 'Personas' });
  if (canSeeProgramas(subject)) links.push({ to: '/programas-servicios', label: 'Programas y Servicios' });
  if (subject?.is_super_admin) links.push({ to: '/users', label: 'Gestionar Usuarios' });
  return links;
}
