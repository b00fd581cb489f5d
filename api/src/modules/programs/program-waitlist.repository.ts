import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EndedRowsRetention } from '@core/privacy/personal-table';
import { PROGRAM_ENDED_BEFORE_SQL, PROGRAM_WAITLIST_PERSONAL_DATA } from './programs.personal-data';

/**
 * The SQL of a program's waitlist that is programs' own: retention's (the entries of programs that ended before the
 * cutoff). The line itself (join, confirm, offers, accept, expiry, removal) is the waitlist engine's (core/waitlist,
 * through ProgramWaitlistService).
 */
@Injectable()
export class ProgramWaitlistRepository extends EndedRowsRetention {
  constructor(@InjectDataSource() ds: DataSource) {
    super(ds, PROGRAM_WAITLIST_PERSONAL_DATA, PROGRAM_ENDED_BEFORE_SQL);
  }
}
