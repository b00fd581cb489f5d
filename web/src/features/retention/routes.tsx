import { lazyPage, noPermissionNotice, viewGroup, type FeatureScreens } from '../../lib/screens';

/** 'Conservación de datos': staff of the 'privacidad' area read the dry run; with edit, they run it. */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 70,
  groups: [
    viewGroup('privacidad', noPermissionNotice('retention-denied'), {
      routes: [{ path: '/privacidad/conservacion', lazy: lazyPage(() => import('./components/retention-page'), 'RetentionPage') }],
    }),
  ],
};
