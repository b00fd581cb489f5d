import { Module, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PersonalDataRegistry } from '@core/privacy/personal-data-registry';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { MailController } from './mail.controller';
import { MailOutbox } from './mail-outbox';
import { registerMailPersonalData } from './mail.personal-data';
import { MailSuppressions } from './mail-suppressions';
import { registerMailRealtime } from './mail.realtime';
import { MailRepository } from './mail.repository';
import { MailService } from './mail.service';
import { MailRenderer } from './render/mail-renderer';

/**
 * Mail: the messages areas queue with their changes (MailOutbox), the 'Correos' screen's routes
 * and rooms. The workers render and send them (jobs/mail-jobs.module.ts).
 */
@Module({
  controllers: [MailController],
  providers: [MailOutbox, MailRenderer, MailRepository, MailService, MailSuppressions],
  exports: [MailOutbox, MailRenderer, MailSuppressions],
})
export class MailModule implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly personalData: PersonalDataRegistry,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  onModuleInit(): void {
    registerMailRealtime(this.realtime);
    registerMailPersonalData(this.personalData, this.ds);
  }
}
