import { Module, type OnModuleInit } from '@nestjs/common';
import { can } from '@core/access/permissions';
import { RoomPolicy } from '@core/realtime/room-policy';
import { ImagesModule } from '../images/images.module';
import { ExternalEventsController } from './external-events.controller';
import { ExternalEventsRepository } from './external-events.repository';
import { ExternalEventsService } from './external-events.service';
import { PublicEventsController } from './public-events.controller';
import { RegistrationBatcher } from './registration-batcher';
import { RegistrationsRepository } from './registrations.repository';
import { RegistrationsService } from './registrations.service';

@Module({
  imports: [ImagesModule],
  controllers: [PublicEventsController, ExternalEventsController],
  providers: [ExternalEventsService, ExternalEventsRepository, RegistrationsService, RegistrationsRepository, RegistrationBatcher],
})
export class ExternalEventsModule implements OnModuleInit {
  constructor(
    private readonly rooms: RoomPolicy,
    private readonly events: ExternalEventsRepository,
  ) {}

  /** Who may join this module's rooms (checked at every join and after access changes). */
  onModuleInit(): void {
    this.rooms.register(/^external-events$/, (user) => can(user, 'eventos_externos', 'view'));
    this.rooms.register(
      /^external-event:(\d+)$/,
      async (user, _room, m) => can(user, 'eventos_externos', 'view') && !!(await this.events.findById(Number(m[1]))),
    );
    this.rooms.register(/^public:eventos$/, () => true);
    this.rooms.register(/^public:evento:(\d+)$/, async (user, _room, m) => {
      const event = await this.events.findById(Number(m[1]));
      return !!event && (event.status !== 'draft' || can(user, 'eventos_externos', 'view'));
    });
  }
}
