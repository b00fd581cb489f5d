import type { ScreenGroup } from '../../lib/screens';

/** Iniciar sesión: guests only (the app's GuestOnly layout). */
export const authRoutes: ScreenGroup[] = [
  { routes: [{ path: '/login', lazy: () => import('./components/login-page').then((m) => ({ Component: m.LoginPage })) }] },
];
