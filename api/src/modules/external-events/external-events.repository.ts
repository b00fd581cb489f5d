import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, MoreThanOrEqual } from 'typeorm';
import type { EventCounts, ExternalEventStatus } from '@shared/contracts/external-events.contract';
import type { MailEventSnapshot } from '@shared/contracts/mail.contract';
import { ExternalEventEntity } from '@modules/external-events/external-event.entity';
import { ExternalEventsLock } from './external-events.locks';
import type { FeaturedFlag } from '@core/database/featured';
import type { SlugTable } from '@core/database/slugs';
import { updateVersioned } from '@core/database/versioned-update';

/** The table's slug and its one featured event, as the shared core helpers take them. */
export const EXTERNAL_EVENT_SLUGS: SlugTable = { table: 'external_events', lock: ExternalEventsLock.Slug };
export const EXTERNAL_EVENT_FEATURED: FeaturedFlag = {
  table: 'external_events',
  column: 'is_featured',
  lock: ExternalEventsLock.Featured,
};

export interface ExternalEventFields {
  title: string;
  description: string;
  eventDate: Date;
  endDate: Date | null;
  location: string;
  maxAttendees: number;
  status: ExternalEventStatus;
  requirements: string[];
  agenda: string[];
  imageUrl?: string | null;
  /** Absent on update: left as it was (the spec's body has no such field). */
  aforoMaximo?: number | null;
}

export type VersionedCounts = EventCounts & { version: string };

@Injectable()
export class ExternalEventsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.ds.manager).getRepository(ExternalEventEntity);
  }

  /** Current counts of some events, read once per relay batch for all the events it touched. */
  readCounts(ids: number[]): Promise<VersionedCounts[]> {
    return this.ds.query(
      `SELECT id, slug, status, max_attendees, current_attendees, held_places, waitlist_count, is_featured, version::text AS version
         FROM external_events WHERE id = ANY($1::int[])`,
      [ids],
    );
  }

  list(): Promise<ExternalEventEntity[]> {
    return this.repo().find({ order: { eventDate: 'DESC', id: 'DESC' } });
  }

  /** What the public may browse: published events, soonest first. */
  listPublished(): Promise<ExternalEventEntity[]> {
    return this.repo().find({ where: { status: 'published' }, order: { eventDate: 'ASC', id: 'ASC' } });
  }

  /**
   * What the public calendar lists: every event the public has seen (published, and later cancelled or completed,
   * so a subscriber learns of the change) starting on or after `since`, soonest first. Never drafts.
   */
  listForCalendar(since: Date): Promise<ExternalEventEntity[]> {
    return this.repo().find({
      where: { status: In(['published', 'cancelled', 'completed']), eventDate: MoreThanOrEqual(since) },
      order: { eventDate: 'ASC', id: 'ASC' },
    });
  }

  findFeatured(): Promise<ExternalEventEntity | null> {
    return this.repo().findOne({ where: { isFeatured: true, status: 'published' } });
  }

  findById(id: number, manager?: EntityManager): Promise<ExternalEventEntity | null> {
    return this.repo(manager).findOne({ where: { id } });
  }

  findByIdForUpdate(manager: EntityManager, id: number): Promise<ExternalEventEntity | null> {
    return this.repo(manager).createQueryBuilder('e').where('e.id = :id', { id }).setLock('pessimistic_write').getOne();
  }

  /** What a message shows of the event (`external_event_mail`, the snapshot the registration's own message takes) and its slug. */
  async mailSnapshot(manager: EntityManager, id: number): Promise<{ slug: string; evento: MailEventSnapshot }> {
    const [row] = await manager.query(`SELECT e.slug, external_event_mail(e) AS evento FROM external_events e WHERE e.id = $1`, [id]);
    return row;
  }

  findBySlug(slug: string): Promise<ExternalEventEntity | null> {
    return this.repo().findOne({ where: { slug } });
  }

  async insert(
    manager: EntityManager,
    fields: ExternalEventFields & { slug: string; createdBy: number | null },
  ): Promise<ExternalEventEntity> {
    const repo = this.repo(manager);
    return repo.save(repo.create(fields));
  }

  async update(
    manager: EntityManager,
    id: number,
    fields: Partial<ExternalEventFields> & { isFeatured?: boolean },
  ): Promise<ExternalEventEntity> {
    await updateVersioned(this.repo(manager), id, fields);
    return (await this.findById(id, manager))!;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await this.repo(manager).delete({ id });
  }
}
