import { lazyPage, type FeatureScreens } from '../../lib/screens';

/** A program's public page and application form: loaded when first visited. */
export const screens: FeatureScreens = {
  layout: 'public',
  order: 40,
  groups: [
    {
      routes: [{ path: '/programas/:slug', lazy: lazyPage(() => import('./components/public-program-page'), 'PublicProgramPage') }],
    },
  ],
};
