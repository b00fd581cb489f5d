import { lazyPage, noPermissionNotice, viewGroup, type FeatureScreens } from '../../lib/screens';

/**
 * The notice's versions for staff of the 'privacidad' area; publishing needs edit there. No link of its own
 * in the navigation: the area's screens are tabs under each title (lib/privacy-sections.ts).
 */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 69,
  groups: [
    viewGroup('privacidad', noPermissionNotice('notice-versions-denied'), {
      routes: [{ path: '/privacidad/aviso', lazy: lazyPage(() => import('./components/notice-versions-page'), 'NoticeVersionsPage') }],
    }),
  ],
};
