import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { JobBase } from '@core/jobs/job-base';
import { MailOutbox } from '../../mail/mail-outbox';
import { UsersRepository } from '../../users/users.repository';
import { folioOf } from '../privacy.mapper';
import { PrivacyRepository } from '../privacy.repository';
import { PrivacyTerms } from '../privacy-terms';

/**
 * privacy.sweep (scheduled hourly, once per cluster): mails every privacidad staff member about each pending ARCO
 * request due within PRIVACY_REMINDER_BUSINESS_DAYS (once per request and person: the key
 * `privacidad.recordatorio:<request>:<user>`), deletes unconfirmed requests whose link expired, and drops access
 * exports whose link expired.
 */
@Injectable()
export class PrivacySweepJob extends JobBase<'privacy.sweep'> {
  constructor(
    private readonly repo: PrivacyRepository,
    private readonly terms: PrivacyTerms,
    private readonly users: UsersRepository,
    private readonly outbox: MailOutbox,
    @InjectDataSource() private readonly ds: DataSource,
  ) {
    super('privacy.sweep');
  }

  async handle(): Promise<void> {
    const due = await this.repo.pendingDueBy(this.terms.remindBy());
    let queued = 0;
    if (due.length) {
      const staff = await this.users.withAreaAccess('privacidad');
      queued = await this.ds.transaction((manager) =>
        this.outbox.queue(
          manager,
          due.flatMap((r) =>
            staff.map((u) => ({
              key: `privacidad.recordatorio:${r.id}:${u.id}`,
              template: 'privacidad.recordatorio' as const,
              to: { email: u.email, name: u.name },
              data: {
                solicitud_id: r.id,
                folio: folioOf(r),
                tipo: r.tipo,
                fecha_limite: r.fecha_limite!,
                dias_habiles_restantes: this.terms.businessDaysLeft(r.fecha_limite!),
              },
              ref: null,
            })),
          ),
        ),
      );
    }
    const deleted = await this.repo.deleteExpiredUnconfirmed();
    const dropped = await this.repo.dropExpiredExports();
    if (queued || deleted || dropped) {
      this.logger.log(`Privacy: ${queued} reminder(s) queued, ${deleted} unconfirmed request(s) deleted, ${dropped} export(s) dropped`);
    }
  }
}
