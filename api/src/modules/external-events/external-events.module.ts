import { Module, type OnModuleInit } from '@nestjs/common';
import { JobRoutes } from '@core/jobs/job-routes';
import { routeOfferExpiry } from '@core/waitlist/waitlist.jobs';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { DoorAdapters } from '../door/door-adapter';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PersonalDataRegistry } from '@core/privacy/personal-data-registry';
import { registerExternalEventsPersonalData } from './external-events.personal-data';
import { ImagesModule } from '../images/images.module';
import { MailModule } from '../mail/mail.module';
import { ExternalDoorAdapter } from './door.adapter';
import { ExternalEventsController } from './external-events.controller';
import { ExternalEventCounts, registerExternalEventsRealtime } from './external-events.realtime';
import { ExternalEventsRepository } from './external-events.repository';
import { ExternalEventsService } from './external-events.service';
import { PublicCalendarService } from './public-calendar.service';
import { PublicEventsController } from './public-events.controller';
import { PublicLinksController, PublicWaitlistLinksController } from './public-links.controller';
import { ExternalWaitlistService } from './external-waitlist.service';
import { RegistrationBatcher } from './registration-batcher';
import { RegistrationsRepository } from './registrations.repository';
import { RegistrationsService } from './registrations.service';

@Module({
  // Citizens hear back: the waitlist's messages are queued with the change (MailOutbox).
  imports: [ImagesModule, MailModule],
  controllers: [PublicEventsController, PublicLinksController, PublicWaitlistLinksController, ExternalEventsController],
  providers: [
    ExternalEventsService,
    ExternalEventsRepository,
    RegistrationsService,
    RegistrationsRepository,
    RegistrationBatcher,
    ExternalEventCounts,
    ExternalWaitlistService,
    ExternalDoorAdapter,
    PublicCalendarService,
  ],
})
export class ExternalEventsModule implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly events: ExternalEventsRepository,
    private readonly counts: ExternalEventCounts,
    private readonly jobs: JobRoutes,
    private readonly doors: DoorAdapters,
    private readonly door: ExternalDoorAdapter,
    private readonly personalData: PersonalDataRegistry,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  onModuleInit(): void {
    registerExternalEventsRealtime(this.realtime, this.events, this.counts);
    this.doors.registerAs('externo', this.door);
    registerExternalEventsPersonalData(this.personalData, this.ds);
    routeOfferExpiry(this.jobs, 'waitlist.offered', 'waitlist.expire-offer', 'waitlist-expire');
  }
}
