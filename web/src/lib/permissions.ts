/** Spanish labels and the access rules of spec 1 §2.2 and §6, on top of the shared pure checks. */
import {
  ACTIONS,
  AREA_LABELS,
  AREAS,
  can,
  hasAnyAccess,
  type Action,
  type Area,
  type PermissionSubject,
  type Permissions,
} from '@shared/permissions';

export { ACTIONS, AREA_LABELS, AREAS, can, hasAnyAccess };
export type { Action, Area, PermissionSubject, Permissions };

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

/**
 * The people database has its own area, `personas` (docs/decisions.md): its view action opens the
 * screen, and the link, the dashboard card and the server all follow that one rule.
 */
export function canSeePersonas(subject: PermissionSubject | null | undefined): boolean {
  return can(subject, 'personas', 'view');
}

/** What the people screen lets a user do: view/create/edit/delete of `personas`; import needs view+create+edit. */
export function personasRights(subject: PermissionSubject | null | undefined) {
  const create = can(subject, 'personas', 'create');
  const edit = can(subject, 'personas', 'edit');
  return {
    view: canSeePersonas(subject),
    create,
    edit,
    delete: can(subject, 'personas', 'delete'),
    import: canSeePersonas(subject) && create && edit,
  };
}

/**
 * Internal events: the server answers reads to eventos_internos 'view' (spec 2 §6 "any logged-in user may
 * view" read as "any staff member with view", docs/decisions.md), so the link and the card follow it.
 */
export function canSeeInternalEvents(subject: PermissionSubject | null | undefined): boolean {
  return can(subject, 'eventos_internos', 'view');
}
