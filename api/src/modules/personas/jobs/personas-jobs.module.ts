import { Module } from '@nestjs/common';
import { ImportsRepository } from '../import/imports.repository';
import { PersonaImportJob } from './persona-import.job';
import { DedupeKeyer } from '../dedupe/dedupe-keyer';
import { DedupeImportSorter } from '../dedupe/dedupe-import';
import { DedupeRepository } from '../dedupe/dedupe.repository';
import { PERSONAS_DEDUPE_KEYS_EVERY_MS } from '../personas.constants';
import { DedupeKeysJob } from './dedupe-keys.job';

/** The people area's job handlers, as the workers process registers them, and the keying of possible duplicates. */
@Module({
  providers: [ImportsRepository, DedupeRepository, DedupeKeyer, DedupeImportSorter, PersonaImportJob, DedupeKeysJob],
  exports: [PersonaImportJob, DedupeKeysJob],
})
export class PersonasJobsModule {
  static readonly handlers = [PersonaImportJob, DedupeKeysJob];
  static readonly schedules = [{ id: 'personas-dedupe-keys', every: PERSONAS_DEDUPE_KEYS_EVERY_MS, name: 'personas.dedupe-keys' as const }];
}
