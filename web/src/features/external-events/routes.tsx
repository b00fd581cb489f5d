import { hasAnyAccess } from '../../lib/permissions';
import { EVENTS_VIEW_DENIED, lazyPage, viewGroup, type FeatureScreens } from '../../lib/screens';

/** Eventos Externos: the screens need view; the link shows with any action of the area (spec 1 §2.2, §6). */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 20,
  groups: [
    viewGroup('eventos_externos', EVENTS_VIEW_DENIED.eventos_externos, {
      nav: { label: 'Eventos Externos', listed: (user) => hasAnyAccess(user, 'eventos_externos') },
      routes: [
        { path: '/eventos-externos', lazy: lazyPage(() => import('./components/external-events-page'), 'ExternalEventsPage') },
        { path: '/eventos-externos/:id/registros', lazy: lazyPage(() => import('./components/registrations-page'), 'RegistrationsPage') },
      ],
    }),
  ],
};
