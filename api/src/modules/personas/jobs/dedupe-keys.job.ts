import { Injectable } from '@nestjs/common';
import { JobBase } from '@core/jobs/job-base';
import { DedupeKeyer } from '../dedupe/dedupe-keyer';

/**
 * personas.dedupe-keys: scheduled every PERSONAS_DEDUPE_KEYS_EVERY_MS, one job scheduler per cluster. Writes the
 * blocking keys of every person who has none: people written by a path that is not the people screen, an import or a
 * merge (those key in their own transaction) — demo data, an anonymisation, a direct fix in SQL. Listing the
 * possible duplicates never writes (docs/decisions/personas.md «Las claves se escriben al escribir personas»).
 */
@Injectable()
export class DedupeKeysJob extends JobBase<'personas.dedupe-keys'> {
  constructor(private readonly keyer: DedupeKeyer) {
    super('personas.dedupe-keys');
  }

  handle(): Promise<void> {
    return this.keyer.keyMissing();
  }
}
