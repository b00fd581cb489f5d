import { can } from '@shared/permissions';
import type { StoredDomainEvent } from '@shared/events/domain-events';
import { ROOMS } from '@shared/events/socket-events';
import { push, type PushRoutes, type RoutedEvent } from '@core/realtime/push-routes';
import type { RealtimeRegistry } from '@core/realtime/realtime-registry';

type SpaceEvent = 'space.created' | 'space.updated' | 'space.deactivated' | 'space.activated';

/** Every change of a space reaches the spaces manager of every staff member who may see it, with the space as it now is. */
const changed = (e: StoredDomainEvent<SpaceEvent>): RoutedEvent => ({
  pushes: [push('espacio.changed', [ROOMS.espacios], { espacio: e.payload.espacio })],
});

export const SPACES_PUSH_ROUTES: PushRoutes<SpaceEvent> = {
  'space.created': changed,
  'space.updated': changed,
  'space.deactivated': changed,
  'space.activated': changed,
};

/** Room espacios: whoever may view spaces (eventos_internos view), re-checked when access changes. */
export function registerSpacesRealtime(registry: RealtimeRegistry): void {
  registry.rooms(new RegExp(`^${ROOMS.espacios}$`), (user) => can(user, 'eventos_internos', 'view'));
  registry.pushRoutes(SPACES_PUSH_ROUTES);
}
