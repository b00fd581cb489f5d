import { Module, type OnModuleInit } from '@nestjs/common';
import { JobRoutes } from '@core/jobs/job-routes';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { ImportsRepository } from './import/imports.repository';
import { PersonaImportsService } from './persona-imports.service';
import { PersonasController } from './personas.controller';
import { registerPersonasRealtime } from './personas.realtime';
import { PersonasRepository } from './personas.repository';
import { PersonasService } from './personas.service';

@Module({
  controllers: [PersonasController],
  providers: [PersonasService, PersonasRepository, PersonaImportsService, ImportsRepository],
})
export class PersonasModule implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly jobs: JobRoutes,
  ) {}

  onModuleInit(): void {
    registerPersonasRealtime(this.realtime);
    // An upload becomes an import job once its request is committed (the job id deduplicates a re-queue).
    this.jobs.register('persona-import.requested', (e) => [
      { name: 'personas.import', data: { importId: e.payload.import_id }, jobId: `import-${e.payload.import_id}` },
    ]);
  }
}
