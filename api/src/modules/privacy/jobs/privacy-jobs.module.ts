import { Module } from '@nestjs/common';
import { ARCO_SWEEP_EVERY_MS } from '@shared/contracts/privacy.contract';
import { MailOutbox } from '../../mail/mail-outbox';
import { UsersRepository } from '../../users/users.repository';
import { PrivacyRepository } from '../privacy.repository';
import { PrivacyTerms } from '../privacy-terms';
import { PrivacySweepJob } from './privacy-sweep.job';

/** Privacy's job handler, as the workers process registers it, and its schedule. */
@Module({
  providers: [PrivacyRepository, PrivacyTerms, UsersRepository, MailOutbox, PrivacySweepJob],
  exports: [PrivacySweepJob],
})
export class PrivacyJobsModule {
  static readonly handlers = [PrivacySweepJob];
  static readonly schedules = [{ id: 'privacy-sweep', every: ARCO_SWEEP_EVERY_MS, name: 'privacy.sweep' as const }];
}
