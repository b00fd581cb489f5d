import { useSnapshot } from 'valtio';
import { authState, type SessionUser } from './auth-store';

/**
 * The session for rendering. valtio snapshots are deeply readonly; components only read them, so the
 * user is typed as the plain wire shape that the shared permission checks accept.
 */
export function useSession(): { user: SessionUser | null; token: string | null; loading: boolean } {
  const snap = useSnapshot(authState);
  return { user: snap.user as SessionUser | null, token: snap.token, loading: snap.loading };
}
