import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AnonymizedRows } from '@core/privacy/personal-data-registry';
import { PersonalTable } from '@core/privacy/personal-table';
import { PROGRAM_WAITLIST_PERSONAL_DATA, PROGRAM_ENDED_BEFORE_SQL } from './programs.personal-data';

/**
 * The SQL of a program's waitlist that is programs' own: retention's. The line itself (join, confirm, offers, accept,
 * expiry, removal) is the waitlist engine's (core/waitlist, through ProgramWaitlistService).
 */
@Injectable()
export class ProgramWaitlistRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  // ——— Retention: the entries of programs that ended before the cutoff ———

  countEndedBefore(cutoff: Date): Promise<number> {
    return new PersonalTable(this.ds, PROGRAM_WAITLIST_PERSONAL_DATA).countWhere(PROGRAM_ENDED_BEFORE_SQL, [cutoff]);
  }

  /** Anonymised as PROGRAM_WAITLIST_PERSONAL_DATA says (the same rule as an ARCO cancellation), once each; statuses and counts stay. */
  anonymizeEndedBefore(manager: EntityManager, cutoff: Date): Promise<AnonymizedRows> {
    return new PersonalTable(this.ds, PROGRAM_WAITLIST_PERSONAL_DATA).anonymizeWhere(manager, PROGRAM_ENDED_BEFORE_SQL, [cutoff]);
  }
}
