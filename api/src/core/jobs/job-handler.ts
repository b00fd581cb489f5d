import type { Provider, Type } from '@nestjs/common';
import type { JobName, JobPayloads } from '@shared/jobs/jobs';

/**
 * The one handler of a job name. It lives in the module that owns the job (`modules/<area>/jobs/`); the
 * workers process only registers the modules' handlers and checks at boot that each job name has exactly one.
 */
export interface JobHandler<K extends JobName = JobName> {
  readonly job: K;
  handle(payload: JobPayloads[K]): Promise<void>;
  /** What the job's owner does once the job has failed its last attempt (without it, the failure is only logged). */
  gaveUp?(payload: JobPayloads[K]): Promise<void>;
}

/** The module of an area's job handlers, as the workers process imports it. */
export interface JobsModule extends Type<unknown> {
  readonly handlers: Array<Type<JobHandler>>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');

/** Collects the handler instances of the given jobs modules under JOB_HANDLERS. */
export function jobHandlersProvider(modules: readonly JobsModule[]): Provider {
  const classes = modules.flatMap((m) => m.handlers);
  return { provide: JOB_HANDLERS, useFactory: (...handlers: JobHandler[]) => handlers, inject: classes };
}
