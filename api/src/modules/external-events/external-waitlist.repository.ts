import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EndedRowsRetention } from '@core/privacy/personal-table';
import { EVENT_ENDED_BEFORE_SQL, EXTERNAL_WAITLIST_PERSONAL_DATA } from './external-events.personal-data';

/**
 * The SQL of an external event's waitlist that is the area's own: retention's (the entries of events that ended before
 * the cutoff). The line itself (join, confirm, offers, accept, expiry, removal) is the waitlist engine's (core/waitlist,
 * through ExternalWaitlistService).
 */
@Injectable()
export class ExternalWaitlistRepository extends EndedRowsRetention {
  constructor(@InjectDataSource() ds: DataSource) {
    super(ds, EXTERNAL_WAITLIST_PERSONAL_DATA, EVENT_ENDED_BEFORE_SQL);
  }
}
