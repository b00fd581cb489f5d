import { endSessionAndGoToLogin, fetchMe } from '../lib/auth';
import { useOnSocketConnect, useSocketEvent } from '../lib/live';

function refetchMe(): void {
  fetchMe({ fresh: true }).catch(() => {
    // A 401 signs out through the api client; other failures wait for the next change.
  });
}

/**
 * Global pushes on the user's own room (joined by the server): a revoked session signs out; a changed
 * account refetches /api/me so the navigation and permission badges follow at once; so does every
 * (re)connection, since a change may have been pushed before the socket was in the room. Renders nothing.
 */
export function SessionLiveEffect() {
  useSocketEvent('session.revoked', () => endSessionAndGoToLogin());
  useSocketEvent('me.changed', (msg) => {
    if (msg.data?.deleted) {
      endSessionAndGoToLogin();
      return;
    }
    refetchMe();
  });
  useOnSocketConnect(refetchMe);
  return null;
}
