import { lazyPage, type FeatureScreens } from '../../lib/screens';
import { prefetchPrivacyNotice } from './api/get-privacy-notice';

/** The privacy notice: loaded when first visited. */
export const screens: FeatureScreens = {
  layout: 'public',
  order: 20,
  groups: [
    {
      routes: [
        {
          path: '/aviso-de-privacidad',
          lazy: lazyPage(() => import('./components/privacy-notice-page'), 'PrivacyNoticePage'),
          prefetch: prefetchPrivacyNotice,
        },
      ],
    },
  ],
};
