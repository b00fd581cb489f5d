import { canInAnyArea, type Area } from '@shared/permissions';
import { useSession } from './auth';

/**
 * What the signed-in person may do on a list screen of `area` (or of any of `area`, as programs): create, edit and delete
 * (a super admin, everything). `edit` and `delete` are what RowEditing's `can` takes.
 */
export function useAreaRights(area: Area | readonly Area[]): { create: boolean; edit: boolean; delete: boolean } {
  const { user } = useSession();
  const areas = typeof area === 'string' ? [area] : area;
  return {
    create: canInAnyArea(user, areas, 'create'),
    edit: canInAnyArea(user, areas, 'edit'),
    delete: canInAnyArea(user, areas, 'delete'),
  };
}
