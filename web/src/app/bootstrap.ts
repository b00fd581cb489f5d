/** Start-up, once per tab: restore the session, load the public config, start the live connection. */
import { followStorageAcrossTabs, restoreSession } from '../lib/auth';
import { loadPublicConfig } from '../lib/config';
import { startLive } from '../lib/live';

let started = false;

export function bootstrap(): void {
  if (started) return;
  started = true;
  restoreSession();
  void loadPublicConfig();
  startLive();
  followStorageAcrossTabs();
}
