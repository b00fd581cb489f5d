import { Module } from '@nestjs/common';
import { ImportsRepository } from '../import/imports.repository';
import { PersonaImportJob } from './persona-import.job';

/** The people area's job handlers, as the workers process registers them. */
@Module({ providers: [ImportsRepository, PersonaImportJob], exports: [PersonaImportJob] })
export class PersonasJobsModule {
  static readonly handlers = [PersonaImportJob];
}
