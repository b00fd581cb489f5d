import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import type { UserResponse } from '@shared/contracts/users.contract';
import { NoAccessNotice } from '../components/ui/no-access-notice';
import { Spinner } from '../components/ui/spinner';
import { fetchMe, useSession } from '../lib/auth';
import type { Denied } from '../lib/screens';
import { PERMISSION_CHECK_DELAY_MS } from '../lib/constants';
import { toast } from '../lib/toast';

/**
 * The route-level permission check, declared by each feature's routes.tsx for its staff screens: it fetches fresh
 * permissions, waits the spec's 100 ms, then renders the screen or the screen's own denial. The server
 * refuses the calls anyway; this only decides what the browser shows. It follows permission changes live.
 */
export function RequirePermission({ allow, denied }: { allow: (user: UserResponse) => boolean; denied: Denied }): ReactNode {
  const { user } = useSession();
  const navigate = useNavigate();
  const [waited, setWaited] = useState(false);
  const handled = useRef(false);

  useEffect(() => {
    fetchMe().catch(() => {});
    const timer = window.setTimeout(() => setWaited(true), PERMISSION_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const verdict = !waited || !user ? 'pending' : allow(user) ? 'allowed' : 'denied';

  useEffect(() => {
    if (verdict !== 'denied') {
      handled.current = false;
      return;
    }
    if (handled.current) return;
    handled.current = true;
    if ('alert' in denied || 'toast' in denied) {
      if ('alert' in denied) window.alert(denied.alert);
      else toast.error(denied.toast);
      navigate('/dashboard', { replace: true });
      return;
    }
    if (denied.redirectAfterMs === undefined) return;
    const timer = window.setTimeout(() => navigate('/dashboard', { replace: true }), denied.redirectAfterMs);
    return () => window.clearTimeout(timer);
  }, [verdict, denied, navigate]);

  if (verdict === 'allowed') return <Outlet />;
  if (verdict === 'denied' && 'title' in denied) {
    return (
      <NoAccessNotice title={denied.title} testId={denied.testId}>
        {denied.message}
      </NoAccessNotice>
    );
  }
  return <Spinner label="Cargando…" />;
}
