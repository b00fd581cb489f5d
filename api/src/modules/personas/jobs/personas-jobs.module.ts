import { Module } from '@nestjs/common';
import { ImportsRepository } from '../import/imports.repository';
import { PersonaImportJob } from './persona-import.job';
import { DedupeKeyer } from '../dedupe/dedupe-keyer';
import { DedupeImportSorter } from '../dedupe/dedupe-import';
import { DedupeRepository } from '../dedupe/dedupe.repository';

/** The people area's job handlers, as the workers process registers them. */
@Module({
  providers: [ImportsRepository, DedupeRepository, DedupeKeyer, DedupeImportSorter, PersonaImportJob],
  exports: [PersonaImportJob],
})
export class PersonasJobsModule {
  static readonly handlers = [PersonaImportJob];
}
