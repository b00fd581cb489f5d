import { lazyPage, type ScreenGroup } from '../../lib/screens';

/** Panel Principal: every signed-in staff member. */
export const dashboardRoutes: ScreenGroup[] = [
  {
    nav: { label: 'Panel Principal' },
    routes: [{ path: '/dashboard', lazy: lazyPage(() => import('./components/dashboard-page'), 'DashboardPage') }],
  },
];
