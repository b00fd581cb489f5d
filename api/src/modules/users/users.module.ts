import { Module, type OnModuleInit } from '@nestjs/common';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { registerUsersRealtime } from './users.realtime';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController],
  providers: [UsersService, UsersRepository],
  exports: [UsersRepository],
})
export class UsersModule implements OnModuleInit {
  constructor(private readonly realtime: RealtimeRegistry) {}

  onModuleInit(): void {
    registerUsersRealtime(this.realtime);
  }
}
