import type { ScreenGroup } from '../../lib/screens';

/** A program's public page and application form: loaded when first visited. */
export const publicProgramsRoutes: ScreenGroup[] = [
  {
    routes: [
      {
        path: '/programas/:slug',
        lazy: () => import('./components/public-program-page').then((m) => ({ Component: m.PublicProgramPage })),
      },
    ],
  },
];
