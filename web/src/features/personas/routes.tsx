import { canSeePersonas } from '../../lib/permissions';
import { lazyPage, type FeatureScreens } from '../../lib/screens';

/** Base de Personas: the `personas` view action opens it (docs/decisions.md). */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 40,
  groups: [
    {
      allow: (user) => canSeePersonas(user),
      denied: { toast: 'No tienes permisos para ver la Base de Personas' },
      nav: { label: 'Personas' },
      routes: [
        { path: '/personas', lazy: lazyPage(() => import('./components/personas-page'), 'PersonasPage') },
        { path: '/personas/duplicados', lazy: lazyPage(() => import('./components/duplicates-page'), 'DuplicatesPage') },
      ],
    },
  ],
};
