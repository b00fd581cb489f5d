import { Injectable } from '@nestjs/common';
import { JobBase } from '@core/jobs/job-base';
import { DoorEmptying } from '../door-emptying';

/**
 * door.empty-sweep: scheduled every DOOR_EMPTY_SWEEP_EVERY_MS, one job scheduler per cluster; each door is emptied by
 * one conditional statement (only people inside, only before the cut), so a second run — or two workers processes
 * at once — finds nobody and records nothing. DoorEmptying.sweep logs what it emptied.
 */
@Injectable()
export class DoorEmptySweepJob extends JobBase<'door.empty-sweep'> {
  constructor(private readonly emptying: DoorEmptying) {
    super('door.empty-sweep');
  }

  async handle(): Promise<void> {
    await this.emptying.sweep();
  }
}
