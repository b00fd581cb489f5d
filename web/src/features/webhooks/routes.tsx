import { lazyPage, noPermissionNotice, viewGroup, type FeatureScreens } from '../../lib/screens';

/** 'Webhooks': super admins and the integraciones area register endpoints and read their delivery log. */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 77,
  groups: [
    viewGroup('integraciones', noPermissionNotice('webhooks-denied'), {
      nav: { label: 'Webhooks', menu: 'account' },
      routes: [{ path: '/webhooks', lazy: lazyPage(() => import('./components/webhooks-page'), 'WebhooksPage') }],
    }),
  ],
};
