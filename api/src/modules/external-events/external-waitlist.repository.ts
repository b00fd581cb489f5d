import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AnonymizedRows } from '@core/privacy/personal-data-registry';
import { PersonalTable } from '@core/privacy/personal-table';
import { EXTERNAL_WAITLIST_PERSONAL_DATA, EVENT_ENDED_BEFORE_SQL } from './external-events.personal-data';

/**
 * The SQL of an external event's waitlist that is the area's own: retention's. The line itself (join, confirm, offers,
 * accept, expiry, removal) is the waitlist engine's (core/waitlist, through ExternalWaitlistService).
 */
@Injectable()
export class ExternalWaitlistRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  // ——— Retention: the entries of events that ended before the cutoff ———

  countEndedBefore(cutoff: Date): Promise<number> {
    return new PersonalTable(this.ds, EXTERNAL_WAITLIST_PERSONAL_DATA).countWhere(EVENT_ENDED_BEFORE_SQL, [cutoff]);
  }

  /** Anonymised as EXTERNAL_WAITLIST_PERSONAL_DATA says (the same rule as an ARCO cancellation), once each; statuses and counts stay. */
  anonymizeEndedBefore(manager: EntityManager, cutoff: Date): Promise<AnonymizedRows> {
    return new PersonalTable(this.ds, EXTERNAL_WAITLIST_PERSONAL_DATA).anonymizeWhere(manager, EVENT_ENDED_BEFORE_SQL, [cutoff]);
  }
}
