import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { can, type Action, type Area } from '@shared/access/permissions';
import { PERMISSION_CHECK_DELAY_MS } from '../constants';
import { useSession } from './use-session';

/**
 * The admin screens' permission check (spec 1 §2.6): wait 100 ms, then — once the user is known —
 * without the permission show the browser alert and go to `redirectTo`. Answers whether the screen
 * may render ('pending' until the check ran).
 */
export function usePermissionCheck(
  area: Area,
  action: Action,
  deniedMessage: string,
  redirectTo = '/dashboard',
): 'pending' | 'allowed' | 'denied' {
  const { user } = useSession();
  const navigate = useNavigate();
  const [waited, setWaited] = useState(false);
  const alerted = useRef(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), PERMISSION_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const verdict = !waited || !user ? 'pending' : can(user, area, action) ? 'allowed' : 'denied';

  useEffect(() => {
    if (verdict !== 'denied' || alerted.current) return;
    alerted.current = true;
    window.alert(deniedMessage);
    navigate(redirectTo, { replace: true });
  }, [verdict, deniedMessage, navigate, redirectTo]);

  return verdict;
}
