import { MAIL_AREAS } from '@shared/contracts/mail.contract';
import { can } from '../../lib/permissions';
import { lazyPage, noPermissionNotice, type FeatureScreens } from '../../lib/screens';

/**
 * Correos: staff who may view events or programs read the messages about what they may view
 * (docs/decisions/correos.md); super admins read all.
 */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 65,
  groups: [
    {
      allow: (user) => MAIL_AREAS.some((area) => can(user, area, 'view')),
      denied: noPermissionNotice('correos-denied'),
      nav: { label: 'Correos' },
      routes: [{ path: '/correos', lazy: lazyPage(() => import('./components/mail-page'), 'CorreosPage') }],
    },
  ],
};
