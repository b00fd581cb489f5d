import { canSeePersonas } from '../../lib/permissions';
import { lazyPage, type ScreenGroup } from '../../lib/screens';

/** Base de Personas: the `personas` view action opens it (docs/decisions.md). */
export const personasRoutes: ScreenGroup[] = [
  {
    allow: (user) => canSeePersonas(user),
    denied: { toast: 'No tienes permisos para ver la Base de Personas' },
    nav: { label: 'Personas' },
    routes: [{ path: '/personas', lazy: lazyPage(() => import('./components/personas-page'), 'PersonasPage') }],
  },
];
