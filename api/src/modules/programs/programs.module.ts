import { Module, type OnModuleInit } from '@nestjs/common';
import { JobRoutes } from '@core/jobs/job-routes';
import { routeOfferExpiry } from '@core/waitlist/waitlist.jobs';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PersonalDataRegistry } from '@core/privacy/personal-data-registry';
import { registerProgramsPersonalData } from './programs.personal-data';
import { MailModule } from '../mail/mail.module';
import { ProgramsController } from './programs.controller';
import { registerProgramsRealtime } from './programs.realtime';
import { ProgramsRepository } from './programs.repository';
import { ProgramsService } from './programs.service';
import { ProgramWaitlistService } from './program-waitlist.service';
import { PublicProgramLinksController } from './public-program-links.controller';
import { PublicProgramsController } from './public-programs.controller';

@Module({
  // Applicants hear back: their messages are queued with the change (MailOutbox).
  imports: [MailModule],
  controllers: [PublicProgramsController, PublicProgramLinksController, ProgramsController],
  providers: [ProgramsService, ProgramsRepository, ProgramWaitlistService],
})
export class ProgramsModule implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly programs: ProgramsRepository,
    private readonly jobs: JobRoutes,
    private readonly personalData: PersonalDataRegistry,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  onModuleInit(): void {
    registerProgramsRealtime(this.realtime, this.programs);
    registerProgramsPersonalData(this.personalData, this.ds);
    // An offer's expiry, on the same queue as the external events' (shared/jobs/jobs.ts).
    routeOfferExpiry(this.jobs, 'program-waitlist.offered', 'program-waitlist.expire-offer', 'program-waitlist-expire');
  }
}
