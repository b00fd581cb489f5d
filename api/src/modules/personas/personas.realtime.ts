import { can } from '@shared/permissions';
import { ROOMS } from '@shared/events/socket-events';
import { push, type PushRoutes } from '@core/realtime/push-routes';
import type { RealtimeRegistry } from '@core/realtime/realtime-registry';

type PersonasEvent =
  | 'persona.created'
  | 'persona.updated'
  | 'persona.deleted'
  | 'persona.duplicate-dismissed'
  | 'persona.merged'
  | 'persona.merge-undone'
  | 'catalogue.value-added'
  | 'persona-import.requested'
  | 'persona-import.completed'
  | 'persona-import.review-decided';

/** People pushes go to the personas room: "something changed, refetch" (the rows stay behind the API's paging). */
export const PERSONAS_PUSH_ROUTES: PushRoutes<PersonasEvent> = {
  'persona.created': (e) => ({ pushes: [push('personas.changed', [ROOMS.personas], { reason: 'created', id: e.payload.persona_id })] }),
  'persona.updated': (e) => ({ pushes: [push('personas.changed', [ROOMS.personas], { reason: 'updated', id: e.payload.persona_id })] }),
  'persona.deleted': (e) => ({ pushes: [push('personas.changed', [ROOMS.personas], { reason: 'deleted', id: e.payload.persona_id })] }),
  'persona.duplicate-dismissed': (e) => ({
    pushes: [push('personas.changed', [ROOMS.personas], { reason: 'duplicate-dismissed', id: e.payload.persona_ids[0] })],
  }),
  // A merge and its undo: the people screens refetch; each area whose records changed tells its own rooms (cambios).
  'persona.merged': (e) => ({ pushes: [push('personas.changed', [ROOMS.personas], { reason: 'merged', id: e.payload.sobreviviente_id })] }),
  'persona.merge-undone': (e) => ({
    pushes: [push('personas.changed', [ROOMS.personas], { reason: 'merge-undone', id: e.payload.sobreviviente_id })],
  }),
  'catalogue.value-added': (e) => ({ pushes: [push('catalogue.added', [ROOMS.personas], { type: e.payload.type, item: e.payload.item })] }),
  // Progress and the end of an import reach the room from the worker directly (import.progress).
  'persona-import.requested': () => ({ pushes: [] }),
  'persona-import.review-decided': () => ({ pushes: [push('personas.changed', [ROOMS.personas], { reason: 'review-decided', id: null })] }),
  'persona-import.completed': () => ({ pushes: [push('personas.changed', [ROOMS.personas], { reason: 'imported', id: null })] }),
};

export function registerPersonasRealtime(registry: RealtimeRegistry): void {
  registry.rooms(new RegExp(`^${ROOMS.personas}$`), (user) => can(user, 'personas', 'view'));
  registry.pushRoutes(PERSONAS_PUSH_ROUTES);
}
