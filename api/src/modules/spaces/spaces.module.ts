import { Module, type OnModuleInit } from '@nestjs/common';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { SpacesController } from './spaces.controller';
import { registerSpacesRealtime } from './spaces.realtime';
import { SpacesRepository } from './spaces.repository';
import { SpacesService } from './spaces.service';

@Module({
  controllers: [SpacesController],
  providers: [SpacesService, SpacesRepository],
  exports: [SpacesService],
})
export class SpacesModule implements OnModuleInit {
  constructor(private readonly realtime: RealtimeRegistry) {}

  /** The espacios room and the push routes of the space.* events (spaces.realtime.ts). */
  onModuleInit(): void {
    registerSpacesRealtime(this.realtime);
  }
}
