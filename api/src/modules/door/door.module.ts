import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { DoorAdapters } from './door-adapter';
import { DoorEmptying } from './door-emptying';
import { DoorHolders } from './door-holders';
import { ExternalDoorController, InternalDoorController } from './door.controller';
import { DoorOccupancyCounts, registerDoorRealtime } from './door.realtime';
import { DoorRepository } from './door.repository';
import { DoorService } from './door.service';

/**
 * The door of external and internal events: scans, who is inside, occupancy, alarms. Global so that each
 * event area registers its adapter (DoorAdapters) when it starts, without the door naming any area.
 */
@Global()
@Module({
  controllers: [ExternalDoorController, InternalDoorController],
  providers: [DoorAdapters, DoorHolders, DoorService, DoorEmptying, DoorRepository, DoorOccupancyCounts],
  exports: [DoorAdapters, DoorHolders],
})
export class DoorModule implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly adapters: DoorAdapters,
    private readonly counts: DoorOccupancyCounts,
  ) {}

  onModuleInit(): void {
    registerDoorRealtime(this.realtime, this.adapters, this.counts);
  }
}
