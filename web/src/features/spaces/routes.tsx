import { lazyPage, viewGroup, type FeatureScreens } from '../../lib/screens';

/** Gestión de Espacios: spaces serve internal events, their view permission opens it, as on the server (docs/decisions.md). */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 70,
  groups: [
    viewGroup(
      'eventos_internos',
      { title: 'Gestión de Espacios', message: 'No tienes permisos para ver los espacios.', testId: 'spaces-no-access' },
      {
        nav: { label: 'Gestión de Espacios' },
        routes: [{ path: '/espacios', lazy: lazyPage(() => import('./components/spaces-page'), 'SpacesPage') }],
      },
    ),
  ],
};
