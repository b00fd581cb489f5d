import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EventCounts } from '../contracts/external-events.contract';

export type VersionedCounts = EventCounts & { version: string };

/** Current counts of external events, read once per relay batch for all the events it touched. */
@Injectable()
export class EventCountsReader {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async read(ids: number[]): Promise<VersionedCounts[]> {
    if (ids.length === 0) return [];
    return this.ds.query(
      `SELECT id, slug, status, max_attendees, current_attendees, is_featured, version::text AS version
         FROM external_events WHERE id = ANY($1::int[])`,
      [ids],
    );
  }
}
