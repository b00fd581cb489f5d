/**
 * Session state of spec 1 §3 (user, token, loading, error) and the transitions of §4, with the
 * error fallbacks of §8. The token lives in local storage under 'token' and is restored at start-up.
 */
import { proxy } from 'valtio';
import type {
  AuditLogResponse,
  AuthResponse,
  ChangePasswordRequest,
  SessionUserResponse,
  UserResponse,
} from '@shared/contracts/users.contract';
import { normalizePermissions } from '@shared/permissions';
import { ApiError, errorMessage, setAuthToken, setPasswordChangeHandler, setUnauthorizedHandler } from '../api-client';
import { TOKEN_STORAGE_KEY } from '../constants';
import { createSharedRequest } from '../loader';
import { navigateTo } from '../navigation';
import { postLogin, type LoginInput } from './api/login';
import { postLogout } from './api/logout';
import { postRegister, type RegisterInput } from './api/register';
import { getMe } from './api/get-me';
import { postPassword } from './api/change-password';

/** `must_change_password`: a generated first password — the app shows only 'Cambia tu contraseña' (app/guards.tsx). */
export type SessionUser = SessionUserResponse & { audit_logs?: AuditLogResponse[] };

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  loading: boolean;
  error: string | null;
}

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const authState = proxy<AuthState>({
  user: null,
  token: readStoredToken(),
  loading: false,
  error: null,
});

// The bearer header is set before any call can run (spec 1 §4: "header set first").
setAuthToken(authState.token);

/** Areas may arrive as lists or as boolean-flag objects; keep one shape (lists) in the store. */
function normalizeUser<T extends UserResponse>(user: T): T {
  return { ...user, permissions: normalizePermissions(user.permissions).value };
}

function setSession(response: AuthResponse): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, response.token);
  } catch {
    // Private mode: the session still works for this tab.
  }
  setAuthToken(response.token);
  authState.token = response.token;
  authState.user = normalizeUser(response.user);
  authState.error = null;
}

/** Clears token and user locally (storage and header included). */
export function clearSession(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  setAuthToken(null);
  authState.token = null;
  authState.user = null;
  authState.loading = false;
}

/** Sign out locally and land on /login (401, revoked session, deleted account). */
export function endSessionAndGoToLogin(): void {
  clearSession();
  navigateTo('/login', { replace: true });
}

setUnauthorizedHandler(endSessionAndGoToLogin);

// The server refused a call until the password is changed (a session restored before /api/me answered).
setPasswordChangeHandler(() => {
  if (authState.user) authState.user.must_change_password = true;
  else fetchMe({ fresh: true }).catch(() => {});
});

/** POST /api/me/password: on success the session's user no longer has to change it (the app goes on). */
export async function changePassword(input: ChangePasswordRequest): Promise<string> {
  const { message, user } = await postPassword(input);
  authState.user = normalizeUser({ ...authState.user, ...user });
  return message;
}

export function isAuthenticated(): boolean {
  return authState.token !== null;
}

/** Login and register (spec 1 §4): the answer opens the session; a failure is shown with its fallback (§8) and thrown. */
async function openSession(send: () => Promise<AuthResponse>, fallbackError: string): Promise<AuthResponse> {
  authState.loading = true;
  authState.error = null;
  try {
    const response = await send();
    setSession(response);
    return response;
  } catch (error) {
    authState.error = errorMessage(error, fallbackError);
    throw error;
  } finally {
    authState.loading = false;
  }
}

export function login(input: LoginInput): Promise<AuthResponse> {
  return openSession(() => postLogin(input), 'Login failed');
}

export function register(input: RegisterInput): Promise<AuthResponse> {
  return openSession(() => postRegister(input), 'Registration failed');
}

export async function logout(): Promise<void> {
  try {
    if (authState.token) await postLogout();
  } catch (error) {
    console.error('Logout failed', error);
  } finally {
    clearSession();
  }
}

const meRequests = createSharedRequest<SessionUser | null>();

async function loadMe(): Promise<SessionUser | null> {
  const tokenAtStart = authState.token;
  authState.loading = true;
  try {
    const response = await getMe();
    // A sign-out (or another sign-in) while the call ran makes this answer stale.
    if (authState.token !== tokenAtStart) return null;
    const user = normalizeUser(response.data.user);
    authState.user = user;
    authState.error = null;
    return user;
  } catch (error) {
    authState.error = errorMessage(error, 'Failed to fetch user');
    if (error instanceof ApiError && error.status === 401) clearSession();
    throw error;
  } finally {
    authState.loading = false;
  }
}

/**
 * GET /api/me, only when a token exists. Concurrent callers share one request (start-up, dashboard
 * and live refetches often ask at the same moment); `fresh` is for a caller that learnt of a change (a
 * push, a reconnect), which gets a request that started after it asked. A 401 signs out through the api client.
 */
export function fetchMe(options: { fresh?: boolean } = {}): Promise<SessionUser | null> {
  if (!authState.token) return Promise.resolve(null);
  return meRequests(loadMe, options);
}

/** Start-up: the token was read from storage above; load the user behind it. */
export function restoreSession(): void {
  if (!authState.token) return;
  fetchMe().catch(() => {
    // 401 already signed out; other failures leave the session to the next screen's fetch.
  });
}

/** Keeps tabs in step: signing out (or in) in one tab applies to the others. */
export function followStorageAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
    const token = readStoredToken();
    if (token === authState.token) return;
    if (!token) {
      clearSession();
      return;
    }
    setAuthToken(token);
    authState.token = token;
    authState.user = null;
    fetchMe().catch(() => {});
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
