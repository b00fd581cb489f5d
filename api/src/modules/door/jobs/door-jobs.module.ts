import { Module } from '@nestjs/common';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import { DoorEmptying } from '../door-emptying';
import { DOOR_EMPTY_SWEEP_EVERY_MS } from '../door.constants';
import { DoorRepository } from '../door.repository';
import { DoorEmptySweepJob } from './door-empty-sweep.job';

/** The door's scheduled run, as the workers process registers it: the nightly 'vaciar recinto'. */
@Module({
  providers: [UnitOfWork, DoorRepository, DoorEmptying, DoorEmptySweepJob],
  exports: [DoorEmptySweepJob],
})
export class DoorJobsModule {
  static readonly handlers = [DoorEmptySweepJob];
  static readonly schedules = [{ id: 'door-empty-sweep', every: DOOR_EMPTY_SWEEP_EVERY_MS, name: 'door.empty-sweep' as const }];
}
