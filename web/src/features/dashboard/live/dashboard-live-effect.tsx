import { fetchMe } from '../../../lib/auth';
import { useOnSocketConnect, useSocketEvent } from '../../../lib/live';
import { prependActivity, setRecentActivity } from '../stores/dashboard-store';

async function refetchMe(): Promise<void> {
  try {
    const user = await fetchMe({ fresh: true });
    if (user) setRecentActivity(user.audit_logs);
  } catch {
    // A 401 signs out through the api client; otherwise keep what is shown.
  }
}

/**
 * The dashboard's pushes, on the user's own room (joined by the server): a new audit entry is
 * prepended to recent activity; an account change refetches /api/me. After a reconnect, refetch.
 * Renders nothing.
 */
export function DashboardLiveEffect() {
  useSocketEvent('audit.created', (msg) => prependActivity(msg.data.entry));
  useSocketEvent('me.changed', (msg) => {
    if (!msg.data?.deleted) void refetchMe();
  });
  useOnSocketConnect(() => void refetchMe());
  return null;
}
