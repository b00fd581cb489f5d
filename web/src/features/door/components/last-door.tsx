import { Navigate } from 'react-router-dom';
import { DOOR_LAST_STORAGE_KEY } from '../door.constants';

/** /puerta, the installed app's start: the last door opened on this device, else the dashboard. */
export function LastDoor() {
  let last: string | null = null;
  try {
    last = window.localStorage.getItem(DOOR_LAST_STORAGE_KEY);
  } catch {
    // No storage: the dashboard.
  }
  const safe = last && /^\/eventos-(externos|internos)\/\d+\/puerta$/.test(last) ? last : '/dashboard';
  return <Navigate to={safe} replace />;
}
