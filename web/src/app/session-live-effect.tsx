import { endSessionAndGoToLogin, fetchMe } from '../lib/auth';
import { useSocketEvent } from '../lib/live';

/**
 * Global pushes on the user's own room (joined by the server): a revoked session signs out; a changed
 * account refetches /api/me so the navigation and permission badges follow at once. Renders nothing.
 */
export function SessionLiveEffect() {
  useSocketEvent('session.revoked', () => endSessionAndGoToLogin());
  useSocketEvent('me.changed', (msg) => {
    if (msg.data?.deleted) {
      endSessionAndGoToLogin();
      return;
    }
    fetchMe().catch(() => {
      // A 401 signs out through the api client; other failures wait for the next change.
    });
  });
  return null;
}
