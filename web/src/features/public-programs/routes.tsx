import { lazyPage, type ScreenGroup } from '../../lib/screens';

/** A program's public page and application form: loaded when first visited. */
export const publicProgramsRoutes: ScreenGroup[] = [
  {
    routes: [{ path: '/programas/:slug', lazy: lazyPage(() => import('./components/public-program-page'), 'PublicProgramPage') }],
  },
];
