import { SIGNED_LINKS } from '@shared/contracts/links.contract';
import { lazyPage, type FeatureScreens } from '../../lib/screens';

/**
 * The citizens' privacy pages: file an ARCO request, prove the address by the mailed link, and stop
 * all mail from an unsubscribe link. Each loads when first visited.
 */
export const screens: FeatureScreens = {
  layout: 'public',
  order: 25,
  groups: [
    {
      routes: [
        { path: '/privacidad/solicitud', lazy: lazyPage(() => import('./components/arco-request-page'), 'ArcoRequestPage') },
        {
          path: `${SIGNED_LINKS['confirm-arco-request'].page}:token`,
          lazy: lazyPage(() => import('./components/arco-confirm-page'), 'ArcoConfirmPage'),
        },
        {
          path: `${SIGNED_LINKS['unsubscribe-mail'].page}:token`,
          lazy: lazyPage(() => import('./components/unsubscribe-page'), 'UnsubscribePage'),
        },
      ],
    },
  ],
};
