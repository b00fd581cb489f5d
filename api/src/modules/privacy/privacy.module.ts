import { Module, type OnModuleInit } from '@nestjs/common';
import { AuditRepository } from '@core/audit/audit.repository';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { MailModule } from '../mail/mail.module';
import { PrivacyController } from './privacy.controller';
import { registerPrivacyRealtime } from './privacy.realtime';
import { PrivacyRepository } from './privacy.repository';
import { PrivacyService } from './privacy.service';
import { PrivacyTerms } from './privacy-terms';
import { PublicPrivacyController } from './public-privacy.controller';

/**
 * Privacy: ARCO requests and the unsubscribe links. The areas' personal data is reached through the
 * PersonalDataRegistry each area fills; answers and the suppression list go through mail.
 */
@Module({
  imports: [MailModule],
  controllers: [PublicPrivacyController, PrivacyController],
  providers: [PrivacyService, PrivacyRepository, PrivacyTerms, AuditRepository],
})
export class PrivacyModule implements OnModuleInit {
  constructor(private readonly realtime: RealtimeRegistry) {}

  onModuleInit(): void {
    registerPrivacyRealtime(this.realtime);
  }
}
