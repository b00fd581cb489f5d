/** Areas and actions of the permissions map (spec 1 §3, §6). Pure logic, shared by API, workers and web. */
export const AREAS = ['eventos_internos', 'eventos_externos', 'programas_servicios', 'personas', 'privacidad', 'integraciones'] as const;
export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;

export type Area = (typeof AREAS)[number];
export type Action = (typeof ACTIONS)[number];
export type Permissions = Partial<Record<Area, Action[]>>;

/** Each area's name on screen (the users form, the dashboard): a new area is named here, beside AREAS. */
export const AREA_LABELS: Record<Area, string> = {
  eventos_internos: 'Eventos Internos',
  eventos_externos: 'Eventos Externos',
  programas_servicios: 'Programas y Servicios',
  personas: 'Personas',
  privacidad: 'Privacidad',
  integraciones: 'Integraciones',
};

/** The two accepted input forms of one area: a list of actions or an object of boolean flags. */
export type AreaPermissionInput = Action[] | Partial<Record<Action, boolean>>;

export interface PermissionSubject {
  is_super_admin: boolean;
  permissions: Permissions;
}

export function isArea(value: unknown): value is Area {
  return typeof value === 'string' && (AREAS as readonly string[]).includes(value);
}

export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);
}

/**
 * Normalizes the permissions map to lists in the canonical action order, dropping empty areas.
 * Returns the problems found instead of throwing, so validation can report them per field.
 */
export function normalizePermissions(input: unknown): { value: Permissions; errors: string[] } {
  const errors: string[] = [];
  const value: Permissions = {};
  if (input === undefined || input === null) return { value, errors };
  if (typeof input !== 'object' || Array.isArray(input)) {
    return { value, errors: ['Los permisos deben ser un objeto por área.'] };
  }
  for (const [area, raw] of Object.entries(input as Record<string, unknown>)) {
    if (!isArea(area)) {
      errors.push(`El área "${area}" no existe.`);
      continue;
    }
    const granted = new Set<Action>();
    if (Array.isArray(raw)) {
      for (const action of raw) {
        if (isAction(action)) granted.add(action);
        else errors.push(`La acción "${String(action)}" no existe en ${area}.`);
      }
    } else if (raw && typeof raw === 'object') {
      for (const [action, flag] of Object.entries(raw as Record<string, unknown>)) {
        if (!isAction(action)) errors.push(`La acción "${action}" no existe en ${area}.`);
        else if (typeof flag !== 'boolean') errors.push(`El valor de ${area}.${action} debe ser verdadero o falso.`);
        else if (flag) granted.add(action);
      }
    } else if (raw !== null && raw !== undefined) {
      errors.push(`Los permisos de ${area} deben ser una lista o un objeto.`);
    }
    const list = ACTIONS.filter((a) => granted.has(a));
    if (list.length > 0) value[area] = list;
  }
  return { value, errors };
}

/**
 * Applies a partial permissions input over the current map: areas present in the input replace
 * the current ones (an empty list clears the area); areas absent are kept. The users screen only
 * edits two areas, and must not erase the others.
 */
export function mergePermissions(current: Permissions, input: unknown): Permissions {
  const next: Permissions = { ...normalizePermissions(current).value };
  if (!input || typeof input !== 'object' || Array.isArray(input)) return next;
  const given = normalizePermissions(input).value;
  for (const area of Object.keys(input)) {
    if (!isArea(area)) continue;
    if (given[area]) next[area] = given[area];
    else delete next[area];
  }
  return next;
}

export function can(subject: PermissionSubject | null | undefined, area: Area, action: Action): boolean {
  if (!subject) return false;
  if (subject.is_super_admin) return true;
  return subject.permissions[area]?.includes(action) ?? false;
}

export function hasAnyAccess(subject: PermissionSubject | null | undefined, area: Area): boolean {
  if (!subject) return false;
  return subject.is_super_admin || (subject.permissions[area]?.length ?? 0) > 0;
}

/** True when any of the areas grants the action (super admins always): a screen shared by several areas. */
export function canInAnyArea(subject: PermissionSubject | null | undefined, areas: readonly Area[], action: Action): boolean {
  // A super admin may do everything, also what no area grants (a list of none: a super admin's action only).
  return subject?.is_super_admin === true || areas.some((area) => can(subject, area, action));
}

/** What a subject holds, as a map: a super admin holds every action of every area. */
export function heldPermissions(subject: PermissionSubject): Permissions {
  if (!subject.is_super_admin) return normalizePermissions(subject.permissions).value;
  return Object.fromEntries(AREAS.map((area) => [area, [...ACTIONS]])) as Permissions;
}

/** The actions both maps grant, area by area (an API token's scopes within its owner's permissions at use time). */
export function intersectPermissions(a: Permissions, b: Permissions): Permissions {
  const out: Permissions = {};
  for (const area of AREAS) {
    const both = ACTIONS.filter((action) => a[area]?.includes(action) && b[area]?.includes(action));
    if (both.length > 0) out[area] = both;
  }
  return out;
}

/** The area.action pairs of `requested` that `held` lacks ('eventos_externos.create'), in canonical order. */
export function permissionsBeyond(requested: Permissions, held: Permissions): string[] {
  return AREAS.flatMap((area) =>
    ACTIONS.filter((a) => requested[area]?.includes(a) && !held[area]?.includes(a)).map((a) => `${area}.${a}`),
  );
}
