import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { JobRoutes } from '@core/jobs/job-routes';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditRepository } from '@core/audit/audit.repository';
import { PersonalDataRegistry } from '@core/privacy/personal-data-registry';
import { PersonReferencesRegistry } from '@core/privacy/person-references';
import { registerPersonasPersonalData } from './personas.personal-data';
import { registerImportDuplicatesPersonalData } from './dedupe/import-duplicates.personal-data';
import { registerDuplicatePairsPersonalData } from './dedupe/duplicate-pairs.personal-data';
import type { DedupeSettings } from './dedupe/dedupe.settings';
import { MergeRepository } from './merge/merge.repository';
import { MergeService } from './merge/merge.service';
import { PersonasPersonReferences } from './merge/personas.person-references';
import { ImportsRepository } from './import/imports.repository';
import { PersonaImportsService } from './persona-imports.service';
import { PersonasController } from './personas.controller';
import { registerPersonasRealtime } from './personas.realtime';
import { PersonasRepository } from './personas.repository';
import { PersonasService } from './personas.service';
import { DedupeRepository } from './dedupe/dedupe.repository';
import { DedupeService } from './dedupe/dedupe.service';
import { DedupeKeyer, pairRules } from './dedupe/dedupe-keyer';

@Module({
  controllers: [PersonasController],
  providers: [
    PersonasService,
    PersonasRepository,
    PersonaImportsService,
    ImportsRepository,
    DedupeService,
    DedupeRepository,
    DedupeKeyer,
    MergeService,
    MergeRepository,
    PersonasPersonReferences,
    AuditRepository,
  ],
})
export class PersonasModule implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly jobs: JobRoutes,
    private readonly personalData: PersonalDataRegistry,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig & DedupeSettings,
    private readonly people: PersonReferencesRegistry,
    private readonly ownReferences: PersonasPersonReferences,
  ) {}

  onModuleInit(): void {
    registerPersonasRealtime(this.realtime);
    // The import rows and the pairs first: they are found through the person's address, which the people table's
    // anonymisation empties.
    registerImportDuplicatesPersonalData(this.personalData, this.ds);
    registerDuplicatePairsPersonalData(this.personalData, this.ds);
    registerPersonasPersonalData(this.personalData, this.ds, pairRules(this.config));
    // The merge engine's own tables (every other area registers its references the same way).
    this.people.register(this.ownReferences);
    // An upload becomes an import job once its request is committed (the job id deduplicates a re-queue).
    this.jobs.register('persona-import.requested', (e) => [
      { name: 'personas.import', data: { importId: e.payload.import_id }, jobId: `import-${e.payload.import_id}` },
    ]);
  }
}
