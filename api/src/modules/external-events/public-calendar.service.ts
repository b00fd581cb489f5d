import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { icsDocument, type IcsEvent } from '@core/format/icalendar';
import { CALENDAR_CONTENT_TYPE, type DownloadFile } from '@core/http/downloads';
import type { ExternalEventEntity } from './external-event.entity';
import { CALENDAR_PAST_DAYS, CALENDAR_REFRESH_MINUTES } from './external-events.constants';
import { ExternalEventsRepository } from './external-events.repository';
import { PUBLIC_NOT_FOUND } from './public-registration';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The public events as iCalendar (RFC 5545): the feed a calendar app subscribes to, and one event's file. Only what
 * the public page shows (title, dates, place, description, link): no counts, nobody's data. docs/decisions/eventos-externos.md,
 * «Calendario público (.ics)».
 */
@Injectable()
export class PublicCalendarService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: ExternalEventsRepository,
  ) {}

  async feed(): Promise<DownloadFile> {
    const events = await this.events.listForCalendar(new Date(Date.now() - CALENDAR_PAST_DAYS * DAY_MS));
    return { filename: 'eventos.ics', body: this.document(events), contentType: CALENDAR_CONTENT_TYPE };
  }

  /** One event the public may see (never a draft, not even for staff: a preview is not something to save). */
  async event(slug: string): Promise<DownloadFile> {
    const event = await this.events.findBySlug(slug);
    if (!event || event.status === 'draft') throw new DomainException(ErrorCode.NotFound, PUBLIC_NOT_FOUND);
    return { filename: `${event.slug}.ics`, body: this.document([event]), contentType: CALENDAR_CONTENT_TYPE };
  }

  private document(events: ExternalEventEntity[]): string {
    return icsDocument({
      productId: `-//Gobierno Municipal de ${this.config.municipio}//Aforo//ES`,
      name: `Eventos públicos · Gobierno de ${this.config.municipio}`,
      timeZone: this.config.tzDisplay,
      refreshMinutes: CALENDAR_REFRESH_MINUTES,
      events: events.map((e) => this.toIcsEvent(e)),
    });
  }

  /**
   * UID: the event's id at the public host, so a renamed event (new title, new slug) stays the same calendar entry.
   * DTSTAMP and LAST-MODIFIED: the row's updated_at (staff edits; registrations do not touch it), so two fetches of
   * an unchanged event are byte-identical (the ETag holds). SEQUENCE: the row's calendar_sequence, one more with
   * every change of what a calendar shows (a trigger, baseline migration).
   */
  private toIcsEvent(e: ExternalEventEntity): IcsEvent {
    const cancelled = e.status === 'cancelled';
    const url = `${this.config.publicUrl}/eventos/${encodeURIComponent(e.slug)}`;
    return {
      uid: `evento-${e.id}@${new URL(this.config.publicUrl).hostname}`,
      stamp: e.updatedAt,
      revision: { created: e.createdAt, lastModified: e.updatedAt, sequence: e.calendarSequence },
      start: e.eventDate,
      end: e.endDate,
      summary: cancelled ? `CANCELADO: ${e.title}` : e.title,
      description: `${cancelled ? 'Este evento fue cancelado.\n\n' : ''}${e.description}\n\nInformación y registro: ${url}`,
      location: e.location,
      url,
      status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    };
  }
}
