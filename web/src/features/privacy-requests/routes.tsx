import { PRIVACY_SECTIONS } from '../../lib/privacy-sections';
import { lazyPage, noPermissionNotice, viewGroup, type FeatureScreens } from '../../lib/screens';

/** 'Solicitudes ARCO': staff of the privacidad area work the queue; resolving needs edit. */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 75,
  groups: [
    viewGroup('privacidad', noPermissionNotice('arco-denied'), {
      // The area's one entry in the bar; its other screens are tabs under each title (lib/privacy-sections.ts).
      nav: { label: 'Privacidad', section: PRIVACY_SECTIONS.map((tab) => tab.to) },
      routes: [{ path: '/solicitudes-arco', lazy: lazyPage(() => import('./components/arco-queue-page'), 'ArcoQueuePage') }],
    }),
  ],
};
