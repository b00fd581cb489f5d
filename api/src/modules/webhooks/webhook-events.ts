import type { WebhookEvent } from '@shared/contracts/webhooks.contract';
import type { DomainEventMap, DomainEventType } from '@shared/events/domain-events';

/** How one domain event becomes a webhook: its public name and the least data the receiver needs (docs/webhooks.md). */
interface WebhookSource<K extends DomainEventType> {
  evento: WebhookEvent;
  datos: (payload: DomainEventMap[K]) => Record<string, unknown>;
}

type Sources = { [K in DomainEventType]?: WebhookSource<K> };

/**
 * The domain events a webhook carries. No names, e-mail addresses, phones or codes: a receiver that needs a
 * person's data asks the API for it with its own rights. Ids, statuses, counts and dates only.
 */
export const WEBHOOK_SOURCES: Sources = {
  'registration.created': {
    evento: 'registro.creado',
    datos: (p) => ({
      evento_id: p.event_id,
      registro_id: p.registration.id,
      estado: p.registration.status,
      tipo_participante: p.registration.tipo_participante,
    }),
  },
  'registration.cancelled': {
    evento: 'registro.cancelado',
    datos: (p) => ({ evento_id: p.event_id, registro_id: p.registration.id, motivo: 'cancelado' }),
  },
  'registration.deleted': {
    evento: 'registro.cancelado',
    datos: (p) => ({ evento_id: p.event_id, registro_id: p.registration_id, motivo: 'eliminado' }),
  },
  'registration.confirmed': {
    evento: 'asistencia.confirmada',
    datos: (p) => ({ tipo: 'externo', evento_id: p.event_id, registro_id: p.registration.id }),
  },
  'internal-event.attendance-confirmed': {
    evento: 'asistencia.confirmada',
    datos: (p) => ({ tipo: 'interno', evento_id: p.event_id, persona_id: p.asistente.id }),
  },
  'seating.seat-assigned': {
    evento: 'asiento.asignado',
    datos: (p) => ({
      evento_id: p.event_id,
      asignacion_id: p.seat_ref.asignacion_id,
      asiento: p.seat_ref.displayCode,
      persona_id: p.assigned[0]?.persona.id ?? null,
    }),
  },
  'waitlist.offered': {
    evento: 'lista_espera.oferta',
    datos: (p) => ({ tipo: 'evento-externo', evento_id: p.event_id, entrada_id: p.entry.id, oferta_hasta: p.entry.offered_until }),
  },
  'program-waitlist.offered': {
    evento: 'lista_espera.oferta',
    datos: (p) => ({ tipo: 'programa', programa_id: p.programa_id, entrada_id: p.entry.id, oferta_hasta: p.entry.offered_until }),
  },
  'door.alarm': {
    evento: 'aforo.alarma',
    datos: (p) => ({
      tipo: p.kind,
      evento_id: p.event_id,
      nivel: p.level,
      nivel_anterior: p.previous_level,
      dentro: p.inside,
      aforo: p.capacity,
    }),
  },
  'external-event.created': { evento: 'evento.cambiado', datos: (p) => publicEvent(p.event, 'creado') },
  'external-event.updated': { evento: 'evento.cambiado', datos: (p) => publicEvent(p.event, 'cambiado') },
  'external-event.deleted': { evento: 'evento.cambiado', datos: (p) => ({ evento_id: p.event_id, cambio: 'eliminado' }) },
};

/** An external event as its public page shows it (no staff fields), and what changed. */
function publicEvent(e: DomainEventMap['external-event.updated']['event'], cambio: 'creado' | 'cambiado'): Record<string, unknown> {
  return {
    evento_id: e.id,
    cambio,
    estado: e.status,
    titulo: e.title,
    slug: e.slug,
    fecha: e.event_date,
    fin: e.end_date,
    lugar: e.location,
    cupo: e.max_attendees,
    inscritos: e.current_attendees,
    actualizado_at: e.updated_at,
  };
}

/** The domain event types behind the subscribed webhook events (what an endpoint's line reads). */
export function domainTypesFor(eventos: readonly string[]): DomainEventType[] {
  return (Object.keys(WEBHOOK_SOURCES) as DomainEventType[]).filter((t) => eventos.includes(WEBHOOK_SOURCES[t]!.evento));
}

/** The body of a delivery: the same bytes on every attempt. `id` is the domain event's (the same across endpoints). */
export function webhookBody(
  eventId: string,
  type: DomainEventType,
  payload: unknown,
  occurredAt: Date,
): { evento: WebhookEvent; cuerpo: string } {
  const source = WEBHOOK_SOURCES[type] as WebhookSource<DomainEventType>;
  return {
    evento: source.evento,
    cuerpo: JSON.stringify({
      id: eventId,
      evento: source.evento,
      ocurrido_at: occurredAt.toISOString(),
      datos: source.datos(payload as DomainEventMap[DomainEventType]),
    }),
  };
}
