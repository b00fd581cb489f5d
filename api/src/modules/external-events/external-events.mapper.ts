import type { ExternalEventResponse, ExternalRegistrationResponse, PublicExternalEvent } from '@shared/contracts/external-events.contract';
import type { ExternalEventEntity } from '@modules/external-events/external-event.entity';
import type { ExternalRegistrationEntity } from '@modules/external-events/external-registration.entity';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toPublicEvent(e: ExternalEventEntity): PublicExternalEvent {
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    event_date: iso(e.eventDate)!,
    end_date: iso(e.endDate),
    location: e.location,
    max_attendees: e.maxAttendees,
    current_attendees: e.currentAttendees,
    status: e.status,
    image_url: e.imageUrl,
    slug: e.slug,
    is_featured: e.isFeatured,
    requirements: e.requirements ?? [],
    agenda: e.agenda ?? [],
  };
}

export function toExternalEventResponse(e: ExternalEventEntity): ExternalEventResponse {
  return { ...toPublicEvent(e), created_at: iso(e.createdAt)!, updated_at: iso(e.updatedAt)! };
}

export function toRegistrationResponse(r: ExternalRegistrationEntity): ExternalRegistrationResponse {
  return {
    id: r.id,
    nombre: r.nombre,
    apellido_paterno: r.apellidoPaterno,
    apellido_materno: r.apellidoMaterno,
    fecha_nacimiento: r.fechaNacimiento,
    phone: r.phone,
    email: r.email,
    curp: r.curp,
    empresa: r.empresa,
    tipo_participante: r.tipoParticipante,
    status: r.status,
    created_at: iso(r.createdAt)!,
    updated_at: iso(r.updatedAt)!,
  };
}
