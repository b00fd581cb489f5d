import type { DoorKind } from '@shared/contracts/door.contract';
import type { ExternalEventResponse } from '@shared/contracts/external-events.contract';
import type { InternalEventResponse, SeccionSummary } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** What the door shows of its event: the title and, for a seated internal event, the sections a seat is given in. */
export interface DoorEvent {
  title: string;
  secciones: SeccionSummary[];
}

/**
 * The event behind a door. Internal: GET /api/eventos-internos/{id}. External: the staff list
 * (GET /api/eventos-externos, the one read of a single event staff have besides its whole registrations board).
 * Null when the event does not exist.
 */
export async function getDoorEvent(kind: DoorKind, id: number): Promise<DoorEvent | null> {
  if (kind === 'interno') {
    const { evento } = await apiRequest<{ evento: InternalEventResponse }>(`/api/eventos-internos/${id}`);
    return { title: evento.titulo, secciones: evento.espacios[0]?.secciones ?? [] };
  }
  const { events } = await apiRequest<{ events: ExternalEventResponse[] }>('/api/eventos-externos');
  const event = events.find((e) => e.id === id);
  return event ? { title: event.title, secciones: [] } : null;
}
