import { Module, type OnModuleInit } from '@nestjs/common';
import { JobRoutes } from '@core/jobs/job-routes';
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
    // An offer's expiry: a job delayed until its end, started by the offer's own domain event (through the outbox, so
    // it exists once the offer commits); the scheduled sweep catches any that did not run. Same queue as the events'.
    this.jobs.register('program-waitlist.offered', (e) => {
      const { id, offer_count, offered_until } = e.payload.entry;
      return [
        {
          name: 'program-waitlist.expire-offer',
          data: { entryId: id, offer: offer_count },
          jobId: `program-waitlist-expire-${id}-${offer_count}`,
          delay: Math.max(0, new Date(offered_until!).getTime() - Date.now()),
        },
      ];
    });
  }
}
