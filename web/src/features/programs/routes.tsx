import { PROGRAM_PERMISSION_AREAS } from '@shared/contracts/programs.contract';
import { PROGRAMS_DENIED_REDIRECT_MS } from '../../lib/constants';
import { can, canSeeProgramas } from '../../lib/permissions';
import { lazyPage, noPermissionNotice, type FeatureScreens } from '../../lib/screens';

/**
 * Programas y Servicios: view in `programas_servicios` or `eventos_externos` opens it (spec 3 §6); the link
 * shows with any action of either area.
 */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 50,
  groups: [
    {
      allow: (user) => PROGRAM_PERMISSION_AREAS.some((area) => can(user, area, 'view')),
      denied: noPermissionNotice('programs-denied', PROGRAMS_DENIED_REDIRECT_MS),
      nav: { label: 'Programas y Servicios', listed: (user) => canSeeProgramas(user) },
      routes: [{ path: '/programas-servicios', lazy: lazyPage(() => import('./components/programs-page'), 'ProgramsPage') }],
    },
  ],
};
