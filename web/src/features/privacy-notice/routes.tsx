import { can } from '../../lib/permissions';
import { lazyPage, type FeatureScreens } from '../../lib/screens';

/** The notice's versions for staff of the 'privacidad' area (issue 29 §2); publishing needs edit there. */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 69,
  groups: [
    {
      allow: (user) => can(user, 'privacidad', 'view'),
      denied: { title: 'Sin permisos', message: 'No tienes permisos para ver esta página', testId: 'notice-versions-denied' },
      nav: { label: 'Aviso de privacidad' },
      routes: [{ path: '/privacidad/aviso', lazy: lazyPage(() => import('./components/notice-versions-page'), 'NoticeVersionsPage') }],
    },
  ],
};
