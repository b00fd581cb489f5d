import { lazyPage, type FeatureScreens } from '../../lib/screens';

/**
 * The door: a page per event kind for staff who scan (edit in the event's area). The permission is
 * checked inside the page, not by the route: offline the session cannot be reloaded and the door must still open
 * from its downloaded list (components/door-page.tsx). `/puerta` is where the installed app starts: the last door
 * opened on this device.
 */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 90,
  groups: [
    {
      routes: [
        { path: '/eventos-externos/:id/puerta', lazy: lazyPage(() => import('./components/door-page'), 'ExternalDoorPage') },
        { path: '/eventos-internos/:id/puerta', lazy: lazyPage(() => import('./components/door-page'), 'InternalDoorPage') },
        { path: '/puerta', lazy: lazyPage(() => import('./components/last-door'), 'LastDoor') },
      ],
    },
  ],
};
