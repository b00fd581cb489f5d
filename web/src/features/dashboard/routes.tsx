import { lazyPage, type FeatureScreens } from '../../lib/screens';

/** Panel Principal: every signed-in staff member. */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 10,
  groups: [
    {
      nav: { label: 'Panel Principal' },
      routes: [{ path: '/dashboard', lazy: lazyPage(() => import('./components/dashboard-page'), 'DashboardPage') }],
    },
  ],
};
