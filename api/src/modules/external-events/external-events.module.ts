import { Module, type OnModuleInit } from '@nestjs/common';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { ImagesModule } from '../images/images.module';
import { ExternalEventsController } from './external-events.controller';
import { ExternalEventCounts, registerExternalEventsRealtime } from './external-events.realtime';
import { ExternalEventsRepository } from './external-events.repository';
import { ExternalEventsService } from './external-events.service';
import { PublicEventsController } from './public-events.controller';
import { RegistrationBatcher } from './registration-batcher';
import { RegistrationsRepository } from './registrations.repository';
import { RegistrationsService } from './registrations.service';

@Module({
  imports: [ImagesModule],
  controllers: [PublicEventsController, ExternalEventsController],
  providers: [
    ExternalEventsService,
    ExternalEventsRepository,
    RegistrationsService,
    RegistrationsRepository,
    RegistrationBatcher,
    ExternalEventCounts,
  ],
})
export class ExternalEventsModule implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly events: ExternalEventsRepository,
    private readonly counts: ExternalEventCounts,
  ) {}

  onModuleInit(): void {
    registerExternalEventsRealtime(this.realtime, this.events, this.counts);
  }
}
