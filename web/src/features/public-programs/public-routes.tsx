import { lazyPage, type FeatureScreens } from '../../lib/screens';
import { prefetchPublicPrograma } from './api/get-public-programa';

/** A program's public page and application form: loaded when first visited. */
export const screens: FeatureScreens = {
  layout: 'public',
  order: 40,
  groups: [
    {
      routes: [
        {
          path: '/programas/:slug',
          lazy: lazyPage(() => import('./components/public-program-page'), 'PublicProgramPage'),
          prefetch: ({ slug }) => prefetchPublicPrograma(slug!),
        },
      ],
    },
  ],
};
