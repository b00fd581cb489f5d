import { canSeePersonas } from '../../lib/permissions';
import type { ScreenGroup } from '../../lib/screens';

/** Base de Personas: the `personas` view action opens it (docs/decisions.md). */
export const personasRoutes: ScreenGroup[] = [
  {
    allow: (user) => canSeePersonas(user),
    denied: { toast: 'No tienes permisos para ver la Base de Personas' },
    nav: { label: 'Personas' },
    routes: [{ path: '/personas', lazy: () => import('./components/personas-page').then((m) => ({ Component: m.PersonasPage })) }],
  },
];
