import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { HeldSeats } from '@shared/contracts/seating.contract';
import { JobRoutes } from '@core/jobs/job-routes';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { SeatingController } from './seating.controller';
import { SeatingPresence } from './seating.presence';
import { registerSeatingRealtime } from './seating.realtime';
import { SeatingRepository } from './seating.repository';
import { isHeldSeatDeletion, massJobId, SeatingService } from './seating.service';

/**
 * The seating map of internal events: assign, release, mass assign (a job), undo, presence. Global
 * so that spaces gets HeldSeats (the contract it asks before removing seats) without naming this area.
 */
@Global()
@Module({
  controllers: [SeatingController],
  providers: [
    SeatingService,
    SeatingRepository,
    SeatingPresence,
    {
      provide: HeldSeats,
      useFactory: (seating: SeatingService): HeldSeats => ({ countHeld: (ids) => seating.countHeldSeats(ids), isHeldSeatDeletion }),
      inject: [SeatingService],
    },
  ],
  // Internal events give seats (auto-assign, 'asistio', check-in) through the seating service.
  exports: [SeatingService, HeldSeats],
})
export class SeatingModule implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly jobs: JobRoutes,
    private readonly repo: SeatingRepository,
    private readonly presence: SeatingPresence,
  ) {}

  onModuleInit(): void {
    registerSeatingRealtime(this.realtime, this.repo, this.presence);
    // A committed mass-assignment request becomes its job (the job id deduplicates a re-queue).
    this.jobs.register('seating.mass-assign-requested', (e) => [
      { name: 'seating.mass-assign', data: { massAssignmentId: e.payload.mass.id }, jobId: massJobId(e.payload.mass.id) },
    ]);
  }
}
