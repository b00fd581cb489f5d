import { lazyPage, type ScreenGroup } from '../../lib/screens';

/** Iniciar sesión: guests only (the app's GuestOnly layout). */
export const authRoutes: ScreenGroup[] = [
  { routes: [{ path: '/login', lazy: lazyPage(() => import('./components/login-page'), 'LoginPage') }] },
];
