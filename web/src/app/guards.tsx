import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { authState } from '../lib/auth';
import { RouteLoading } from './root';

/** 'Cambia tu contraseña', its own chunk: only a first sign-in with a generated password ever opens it. */
const ChangePasswordPage = lazy(() =>
  import('../features/auth/components/change-password-page').then((m) => ({ default: m.ChangePasswordPage })),
);

/**
 * Login required: a guest goes to /login (authenticated = a token is present, spec 1 §4). An account whose
 * password was generated sees only 'Cambia tu contraseña', whatever the address, until it changes it; then the
 * screen asked for opens (the API refuses that session everything else meanwhile).
 */
export function RequireAuth() {
  const { token, user } = useSnapshot(authState);
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (user?.must_change_password) {
    return (
      <Suspense fallback={<RouteLoading />}>
        <ChangePasswordPage />
      </Suspense>
    );
  }
  return <Outlet />;
}

/** Guests only: a signed-in user goes to /dashboard. */
export function GuestOnly() {
  const { token } = useSnapshot(authState);
  if (token) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
