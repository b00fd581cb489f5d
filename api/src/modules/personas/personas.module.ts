import { Module, type OnModuleInit } from '@nestjs/common';
import { can } from '@core/access/permissions';
import { ImportsRepository } from '@core/people/imports.repository';
import { RoomPolicy } from '@core/realtime/room-policy';
import { PersonaImportsService } from './persona-imports.service';
import { PersonasController } from './personas.controller';
import { PersonasRepository } from './personas.repository';
import { PersonasService } from './personas.service';

@Module({
  controllers: [PersonasController],
  providers: [PersonasService, PersonasRepository, PersonaImportsService, ImportsRepository],
})
export class PersonasModule implements OnModuleInit {
  constructor(private readonly rooms: RoomPolicy) {}

  onModuleInit(): void {
    this.rooms.register(/^personas$/, (user) => can(user, 'eventos_internos', 'view'));
  }
}
