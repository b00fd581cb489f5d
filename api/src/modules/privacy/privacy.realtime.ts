import { push, type PushRoutes } from '@core/realtime/push-routes';
import type { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { can } from '@shared/permissions';
import { ROOMS } from '@shared/events/socket-events';

type PrivacyEvent =
  | 'privacy-request.filed'
  | 'privacy-request.confirmed'
  | 'privacy-request.resolved'
  | 'privacy-request.export-downloaded'
  | 'mail.suppressed';

/** A filed request is unproven and a download or a suppression changes no screen: audited, not pushed. */
const PRIVACY_PUSH_ROUTES: PushRoutes<PrivacyEvent> = {
  'privacy-request.filed': () => ({ pushes: [] }),
  'privacy-request.confirmed': (e) => ({ pushes: [push('arco.updated', [ROOMS.privacidad], { solicitud: e.payload.solicitud })] }),
  'privacy-request.resolved': (e) => ({ pushes: [push('arco.updated', [ROOMS.privacidad], { solicitud: e.payload.solicitud })] }),
  'privacy-request.export-downloaded': () => ({ pushes: [] }),
  'mail.suppressed': () => ({ pushes: [] }),
};

/** The queue's room (personal data: staff who may view privacidad) and the pushes of privacy's events. */
export function registerPrivacyRealtime(realtime: RealtimeRegistry): void {
  realtime.rooms(/^privacidad$/, (user) => can(user, 'privacidad', 'view'));
  realtime.pushRoutes(PRIVACY_PUSH_ROUTES);
}
