import { lazyPage, type FeatureScreens } from '../../lib/screens';

/** Iniciar sesión: guests only (the app's GuestOnly layout). */
export const screens: FeatureScreens = {
  layout: 'guest',
  groups: [{ routes: [{ path: '/login', lazy: lazyPage(() => import('./components/login-page'), 'LoginPage') }] }],
};
