import { Module, type OnModuleInit } from '@nestjs/common';
import { JobRoutes } from '@core/jobs/job-routes';
import { PersonReferencesRegistry } from '@core/privacy/person-references';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { DoorAdapters } from '../door/door-adapter';
import { SeatingModule } from '../seating/seating.module';
import { AttendeesService } from './attendees.service';
import { CheckInService } from './check-in.service';
import { InternalDoorAdapter } from './door.adapter';
import { ConfirmationThrottle } from './confirmation-throttle';
import { InternalEventsController } from './internal-events.controller';
import { InternalEventsPersonReferences } from './internal-events.person-references';
import { registerInternalEventsRealtime } from './internal-events.realtime';
import { InternalEventsRepository } from './internal-events.repository';
import { InternalEventsService } from './internal-events.service';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { invitationsJobId, InvitationsService } from './invitations.service';
import { PublicInternalEventsController } from './public-internal-events.controller';
import { PublicInternalEventsService } from './public-internal-events.service';

@Module({
  imports: [SeatingModule],
  // The public routes first: '/eventos-internos/public/…' must not be taken for an id.
  controllers: [PublicInternalEventsController, InternalEventsController, InvitationsController],
  providers: [
    InternalEventsService,
    AttendeesService,
    CheckInService,
    PublicInternalEventsService,
    InternalEventsRepository,
    ConfirmationThrottle,
    InvitationsService,
    InvitationsRepository,
    InternalDoorAdapter,
    InternalEventsPersonReferences,
  ],
})
export class InternalEventsModule implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly repo: InternalEventsRepository,
    private readonly jobs: JobRoutes,
    private readonly doors: DoorAdapters,
    private readonly door: InternalDoorAdapter,
    private readonly people: PersonReferencesRegistry,
    private readonly personReferences: InternalEventsPersonReferences,
  ) {}

  onModuleInit(): void {
    registerInternalEventsRealtime(this.realtime, this.repo);
    this.doors.registerAs('interno', this.door);
    // A merge of people moves their invitations, seats and door rows (the people database's merge engine).
    this.people.register(this.personReferences);
    // A committed invitation request becomes its one job (the job id deduplicates a re-queue).
    this.jobs.register('internal-event.invitations-requested', (e) => [
      { name: 'internal-events.send-invitations', data: { sendId: e.payload.job.id }, jobId: invitationsJobId(e.payload.job.id) },
    ]);
  }
}
