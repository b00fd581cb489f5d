import { Module } from '@nestjs/common';
import { SeatingRepository } from '../seating.repository';
import { MassAssignJob } from './mass-assign.job';

/** The seating area's job handlers, as the workers process registers them. */
@Module({ providers: [SeatingRepository, MassAssignJob], exports: [MassAssignJob] })
export class SeatingJobsModule {
  static readonly handlers = [MassAssignJob];
}
