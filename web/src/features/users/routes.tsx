import { lazyPage, type FeatureScreens } from '../../lib/screens';

/** Gestionar Usuarios: super administrators only. */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 60,
  groups: [
    {
      allow: (user) => user.is_super_admin,
      denied: {
        title: 'Gestionar Usuarios',
        message: 'No tienes permisos para gestionar usuarios. Esta sección es solo para super administradores.',
        testId: 'users-no-access',
      },
      nav: { label: 'Gestionar Usuarios' },
      routes: [{ path: '/users', lazy: lazyPage(() => import('./components/users-page'), 'UsersPage') }],
    },
  ],
};
