import type { FeatureScreens } from '../../lib/screens';
import { AcceptOfferPage } from './components/accept-offer-page';
import { CancelRegistrationPage } from './components/cancel-registration-page';

/** The links a citizen follows from an e-mail, without an account (issue 22 §3, §4). */
export const screens: FeatureScreens = {
  layout: 'public',
  order: 15,
  groups: [
    {
      routes: [
        { path: '/registro/cancelar/:token', element: <CancelRegistrationPage /> },
        { path: '/lista-espera/aceptar/:token', element: <AcceptOfferPage /> },
      ],
    },
  ],
};
