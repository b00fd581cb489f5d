import type {
  ExternalEventResponse,
  ExternalRegistrationResponse,
  LinkEventView,
  PublicExternalEvent,
  WaitlistEntryResponse,
} from '@shared/contracts/external-events.contract';
import { toWaitlistLine } from '@shared/contracts/waitlist.contract';
import type { ExternalEventEntity } from '@modules/external-events/external-event.entity';
import type { ExternalRegistrationEntity } from '@modules/external-events/external-registration.entity';
import type { ExternalWaitlistEntryEntity } from './external-waitlist-entry.entity';
import { registrantFields } from './public-registration';
import { iso, wireTimestamps } from '@core/format/iso';

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
    held_places: e.heldPlaces,
    waitlist_count: e.waitlistCount,
  };
}

export function toExternalEventResponse(e: ExternalEventEntity): ExternalEventResponse {
  return { ...toPublicEvent(e), aforo_maximo: e.aforoMaximo ?? null, ...wireTimestamps(e) };
}

export function toRegistrationResponse(r: ExternalRegistrationEntity): ExternalRegistrationResponse {
  return {
    id: r.id,
    ...registrantFields(r),
    curp: r.curp,
    status: r.status,
    codigo: r.codigo,
    ...wireTimestamps(r),
  };
}

/** An external event's waitlist entry as staff and the waitlist's domain events see it. */
export function toWaitlistEntryResponse(w: ExternalWaitlistEntryEntity): WaitlistEntryResponse {
  return {
    id: w.id,
    event_id: w.eventId,
    ...registrantFields(w),
    ...toWaitlistLine(w),
  };
}

/** What a citizen's link page (cancel, confirm a join, accept an offer) shows of the event: nothing personal. */
export function toLinkEventView(e: ExternalEventEntity): LinkEventView {
  return { titulo: e.title, slug: e.slug, event_date: iso(e.eventDate)!, end_date: iso(e.endDate), location: e.location };
}
