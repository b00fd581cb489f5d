import { Injectable } from '@nestjs/common';
import type { JobHandler } from '@core/jobs/job-handler';
import { DoorEmptying } from '../door-emptying';

/**
 * door.empty-sweep: scheduled every DOOR_EMPTY_SWEEP_EVERY_MS, one job scheduler per cluster; each door is emptied by
 * one conditional statement (only people inside, only before the cut), so a second run — or two workers processes
 * at once — finds nobody and records nothing. DoorEmptying.sweep logs what it emptied.
 */
@Injectable()
export class DoorEmptySweepJob implements JobHandler<'door.empty-sweep'> {
  readonly job = 'door.empty-sweep' as const;
  constructor(private readonly emptying: DoorEmptying) {}
  handle = async (): Promise<void> => void (await this.emptying.sweep());
}
