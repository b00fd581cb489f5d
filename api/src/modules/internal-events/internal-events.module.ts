import { Module, type OnModuleInit } from '@nestjs/common';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { SeatingModule } from '../seating/seating.module';
import { ConfirmationThrottle } from './confirmation-throttle';
import { InternalEventsController } from './internal-events.controller';
import { registerInternalEventsRealtime } from './internal-events.realtime';
import { InternalEventsRepository } from './internal-events.repository';
import { InternalEventsService } from './internal-events.service';
import { PublicInternalEventsController } from './public-internal-events.controller';

@Module({
  imports: [SeatingModule],
  // The public routes first: '/eventos-internos/public/…' must not be taken for an id.
  controllers: [PublicInternalEventsController, InternalEventsController],
  providers: [InternalEventsService, InternalEventsRepository, ConfirmationThrottle],
})
export class InternalEventsModule implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly repo: InternalEventsRepository,
  ) {}

  onModuleInit(): void {
    registerInternalEventsRealtime(this.realtime, this.repo);
  }
}
