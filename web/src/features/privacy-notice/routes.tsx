import { can } from '../../lib/permissions';
import { lazyPage, type FeatureScreens } from '../../lib/screens';

/**
 * The notice's versions for staff of the 'privacidad' area; publishing needs edit there. No link of its own
 * in the navigation: the area's screens are tabs under each title (lib/privacy-sections.ts).
 */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 69,
  groups: [
    {
      allow: (user) => can(user, 'privacidad', 'view'),
      denied: { title: 'Sin permisos', message: 'No tienes permisos para ver esta página', testId: 'notice-versions-denied' },
      routes: [{ path: '/privacidad/aviso', lazy: lazyPage(() => import('./components/notice-versions-page'), 'NoticeVersionsPage') }],
    },
  ],
};
