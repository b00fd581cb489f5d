import { ACCOUNT_LINKS } from '../../lib/navigation';
import { lazyPage, type FeatureScreens } from '../../lib/screens';

/** Tokens de API: every signed-in person manages their own, from the user menu (no link in the navigation). */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 95,
  groups: [{ routes: [{ path: ACCOUNT_LINKS[0].to, lazy: lazyPage(() => import('./components/api-tokens-page'), 'ApiTokensPage') }] }],
};
