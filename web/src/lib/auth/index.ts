export {
  authState,
  changePassword,
  clearSession,
  endSessionAndGoToLogin,
  fetchMe,
  followStorageAcrossTabs,
  isAuthenticated,
  login,
  logout,
  register,
  restoreSession,
  type AuthState,
  type SessionUser,
} from './auth-store';
export { useSession } from './use-session';
export type { LoginInput } from './api/login';
export type { RegisterInput } from './api/register';
