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

/**
 * A job the workers schedule for themselves: a BullMQ job scheduler (one schedule in Redis however many workers
 * processes run), on the maintenance queue.
 */
export interface JobSchedule {
  id: string;
  every: number;
  name: JobName;
}

/** The module of an area's job handlers, as the workers process imports it; and the jobs it schedules. */
export interface JobsModule extends Type<unknown> {
  readonly handlers: Array<Type<JobHandler>>;
  readonly schedules?: readonly JobSchedule[];
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
export const JOB_SCHEDULES = Symbol('JOB_SCHEDULES');

/** The schedules the given jobs modules declare, under JOB_SCHEDULES (an id declared twice fails at boot). */
export function jobSchedulesProvider(modules: readonly JobsModule[]): Provider {
  const schedules = modules.flatMap((m) => m.schedules ?? []);
  const ids = new Set(schedules.map((s) => s.id));
  if (ids.size !== schedules.length) throw new Error('Two job schedules with the same id');
  return { provide: JOB_SCHEDULES, useValue: schedules };
}

/** Collects the handler instances of the given jobs modules under JOB_HANDLERS. */
export function jobHandlersProvider(modules: readonly JobsModule[]): Provider {
  const classes = modules.flatMap((m) => m.handlers);
  return { provide: JOB_HANDLERS, useFactory: (...handlers: JobHandler[]) => handlers, inject: classes };
}

/**
 * A pace of so many jobs a minute as a BullMQ limiter: the shortest window (200 ms, 1 s, 1 min) in which at least
 * one job fits, so a send is spread evenly instead of a minute's share at once; never above the pace (rounded
 * down). 0 or less: no limiter.
 */
export function perMinuteLimiter(perMinute: number): { max: number; duration: number } | undefined {
  if (!(perMinute > 0)) return undefined;
  for (const duration of [200, 1000, 60_000]) {
    const max = Math.floor((perMinute * duration) / 60_000);
    if (max >= 1) return { max, duration };
  }
  return undefined;
}
