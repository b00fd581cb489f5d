import { Module, type OnModuleInit } from '@nestjs/common';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { MailModule } from '../mail/mail.module';
import { ProgramsController } from './programs.controller';
import { registerProgramsRealtime } from './programs.realtime';
import { ProgramsRepository } from './programs.repository';
import { ProgramsService } from './programs.service';
import { PublicProgramsController } from './public-programs.controller';

@Module({
  // Applicants hear back: their messages are queued with the change (MailOutbox).
  imports: [MailModule],
  controllers: [PublicProgramsController, ProgramsController],
  providers: [ProgramsService, ProgramsRepository],
})
export class ProgramsModule implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly programs: ProgramsRepository,
  ) {}

  onModuleInit(): void {
    registerProgramsRealtime(this.realtime, this.programs);
  }
}
