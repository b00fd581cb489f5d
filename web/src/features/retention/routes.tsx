import { can } from '../../lib/permissions';
import { lazyPage, type FeatureScreens } from '../../lib/screens';

/** 'Conservación de datos': staff of the 'privacidad' area read the dry run; with edit, they run it. */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 70,
  groups: [
    {
      allow: (user) => can(user, 'privacidad', 'view'),
      denied: { title: 'Sin permisos', message: 'No tienes permisos para ver esta página', testId: 'retention-denied' },
      routes: [{ path: '/privacidad/conservacion', lazy: lazyPage(() => import('./components/retention-page'), 'RetentionPage') }],
    },
  ],
};
