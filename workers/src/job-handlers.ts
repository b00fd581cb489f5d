import type { JobName, JobPayloads } from '@core/jobs/jobs';
import { AuditProcessor } from './processors/audit.processor';
import { MaintenanceProcessor } from './processors/maintenance.processor';
import { PersonaImportProcessor } from './processors/persona-import.processor';

export type JobHandler<K extends JobName> = (payload: JobPayloads[K]) => Promise<void>;
export type JobHandlers = { [K in JobName]: JobHandler<K> };
/** What a job's owner does once the job has failed its last attempt (jobs without one are only logged). */
export type GaveUpHandlers = { [K in JobName]?: JobHandler<K> };

/** Exactly one handler per job name: the type makes a missing one a compile error. */
export function buildJobHandlers(audit: AuditProcessor, imports: PersonaImportProcessor, maintenance: MaintenanceProcessor): JobHandlers {
  return {
    'audit.write': (payload) => audit.handleAuditWrite(payload),
    'personas.import': (payload) => imports.handleImport(payload),
    'maintenance.prune-events': () => maintenance.handlePruneEvents(),
  };
}

export function buildGaveUpHandlers(imports: PersonaImportProcessor): GaveUpHandlers {
  return {
    'personas.import': (payload) => imports.handleGaveUp(payload),
  };
}
