import type { ExternalEventStatus } from '@shared/contracts/external-events.contract';

/** The body of POST /api/eventos-externos and PUT /api/eventos-externos/{id} (spec 1 §7). */
export interface ExternalEventPayload {
  title: string;
  description: string;
  /** ISO UTC, from the datetime-local input read in the display time zone. */
  event_date: string;
  end_date: string | null;
  location: string;
  max_attendees: number;
  status: ExternalEventStatus;
  requirements: string[];
  agenda: string[];
  /** PUT only: a string keeps/sets it, null removes the image; absent leaves it as is. */
  image_url?: string | null;
}
