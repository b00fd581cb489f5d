import { lazyPage, type FeatureScreens } from '../../lib/screens';

/**
 * The links a citizen follows from an e-mail, without an account (issue 22 §3, §4; confirming a waitlist join, issue 29 §1.4): each page loads when
 * first visited, so /eventos carries none of their code.
 */
export const screens: FeatureScreens = {
  layout: 'public',
  order: 15,
  groups: [
    {
      routes: [
        {
          path: '/registro/cancelar/:token',
          lazy: lazyPage(() => import('./components/cancel-registration-page'), 'CancelRegistrationPage'),
        },
        { path: '/lista-espera/confirmar/:token', lazy: lazyPage(() => import('./components/confirm-join-page'), 'ConfirmJoinPage') },
        {
          path: '/lista-espera/programa/confirmar/:token',
          lazy: lazyPage(() => import('./components/confirm-join-page'), 'ConfirmProgramJoinPage'),
        },
        { path: '/lista-espera/aceptar/:token', lazy: lazyPage(() => import('./components/accept-offer-page'), 'AcceptOfferPage') },
        {
          path: '/lista-espera/programa/aceptar/:token',
          lazy: lazyPage(() => import('./components/accept-offer-page'), 'AcceptProgramOfferPage'),
        },
      ],
    },
  ],
};
