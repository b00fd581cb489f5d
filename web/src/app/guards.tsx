import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { authState } from '../lib/auth';

/** Login required: a guest goes to /login (authenticated = a token is present, spec 1 §4). */
export function RequireAuth() {
  const { token } = useSnapshot(authState);
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Guests only: a signed-in user goes to /dashboard. */
export function GuestOnly() {
  const { token } = useSnapshot(authState);
  if (token) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
