import { SIGNED_LINKS } from '@shared/contracts/links.contract';
import { lazyPage, type FeatureScreens } from '../../lib/screens';

/**
 * The links a citizen follows from an e-mail, without an account (confirming a waitlist join): each page loads when
 * first visited, so /eventos carries none of their code. Their paths are the one list of signed links.
 */
const page = (purpose: keyof typeof SIGNED_LINKS) => `${SIGNED_LINKS[purpose].page ?? SIGNED_LINKS[purpose].api}:token`;

export const screens: FeatureScreens = {
  layout: 'public',
  order: 15,
  groups: [
    {
      routes: [
        {
          path: page('cancel-registration'),
          lazy: lazyPage(() => import('./components/cancel-registration-page'), 'CancelRegistrationPage'),
        },
        { path: page('confirm-waitlist-join'), lazy: lazyPage(() => import('./components/confirm-join-page'), 'ConfirmJoinPage') },
        {
          path: page('confirm-program-waitlist-join'),
          lazy: lazyPage(() => import('./components/confirm-join-page'), 'ConfirmProgramJoinPage'),
        },
        { path: page('accept-waitlist-offer'), lazy: lazyPage(() => import('./components/accept-offer-page'), 'AcceptOfferPage') },
        {
          path: page('accept-program-waitlist-offer'),
          lazy: lazyPage(() => import('./components/accept-offer-page'), 'AcceptProgramOfferPage'),
        },
      ],
    },
  ],
};
