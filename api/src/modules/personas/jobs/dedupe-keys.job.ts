import { Injectable } from '@nestjs/common';
import type { JobHandler } from '@core/jobs/job-handler';
import { DedupeKeyer } from '../dedupe/dedupe-keyer';

/**
 * personas.dedupe-keys: scheduled every PERSONAS_DEDUPE_KEYS_EVERY_MS, one job scheduler per cluster. Writes the
 * blocking keys of every person who has none: people written by a path that is not the people screen, an import or a
 * merge (those key in their own transaction) — demo data, an anonymisation, a direct fix in SQL. Listing the
 * possible duplicates never writes (docs/decisions/personas.md «Las claves se escriben al escribir personas»).
 */
@Injectable()
export class DedupeKeysJob implements JobHandler<'personas.dedupe-keys'> {
  readonly job = 'personas.dedupe-keys' as const;
  constructor(private readonly keyer: DedupeKeyer) {}
  handle = (): Promise<void> => this.keyer.keyMissing();
}
