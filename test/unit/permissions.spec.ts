import { canInAnyArea, can, hasAnyAccess, mergePermissions, normalizePermissions } from '../../api/src/shared/permissions';

describe('permissions map (spec 1 §3, §6)', () => {
  it('accepts lists and boolean objects, answering lists in canonical order without empty areas', () => {
    const { value, errors } = normalizePermissions({
      eventos_internos: ['delete', 'view', 'view'],
      eventos_externos: [],
      personas: { view: true, create: false, edit: true },
      programas_servicios: { view: false },
    });
    expect(errors).toEqual([]);
    expect(value).toEqual({ eventos_internos: ['view', 'delete'], personas: ['view', 'edit'] });
  });

  it('reports unknown areas, actions and bad shapes', () => {
    expect(normalizePermissions({ nada: ['view'] }).errors).toEqual(['El área "nada" no existe.']);
    expect(normalizePermissions({ personas: ['fly'] }).errors).toEqual(['La acción "fly" no existe en personas.']);
    expect(normalizePermissions({ personas: { view: 'yes' } }).errors).toHaveLength(1);
    expect(normalizePermissions({ personas: 'view' }).errors).toHaveLength(1);
    expect(normalizePermissions(['view']).errors).toHaveLength(1);
    expect(normalizePermissions(undefined)).toEqual({ value: {}, errors: [] });
  });

  it('a check is true only if the area lists the action; super admin may do everything; no user, nothing', () => {
    const staff = { is_super_admin: false, permissions: { eventos_externos: ['view' as const] } };
    expect(can(staff, 'eventos_externos', 'view')).toBe(true);
    expect(can(staff, 'eventos_externos', 'delete')).toBe(false);
    expect(can(staff, 'personas', 'view')).toBe(false);
    expect(can({ is_super_admin: true, permissions: {} }, 'personas', 'delete')).toBe(true);
    expect(can(null, 'personas', 'view')).toBe(false);
    // No area grants it: only a super admin (the privacy links' rule on the Correos screen).
    expect(canInAnyArea({ is_super_admin: true, permissions: {} }, [], 'edit')).toBe(true);
    expect(canInAnyArea(staff, [], 'edit')).toBe(false);
    expect(hasAnyAccess(staff, 'eventos_externos')).toBe(true);
    expect(hasAnyAccess(staff, 'eventos_internos')).toBe(false);
  });

  it('a partial update replaces the areas it names and keeps the others', () => {
    const current = { personas: ['view' as const], eventos_internos: ['view' as const, 'edit' as const] };
    expect(mergePermissions(current, { eventos_internos: [], eventos_externos: ['view'] })).toEqual({
      personas: ['view'],
      eventos_externos: ['view'],
    });
    expect(mergePermissions(current, undefined)).toEqual(current);
  });
});
