import { Injectable } from '@nestjs/common';
import { ProgressJob } from '@core/jobs/job-base';
import type { QueuedMail } from '@shared/contracts/mail.contract';
import { ROOMS } from '@shared/events/socket-events';
import type { JobPayloads } from '@shared/jobs/jobs';
import { MailOutbox } from '../../mail/mail-outbox';
import { INVITATIONS_BATCH } from '../internal-events.constants';
import { InvitationsRepository, type InvitationSendRow } from '../invitations.repository';
import { INVITATION_MESSAGES, invitationsResult, toInvitationJob } from '../invitations.service';

/** The idempotency key of one attendee's invitation of one request. */
export const invitationKey = (sendId: string, personaId: number) => `evento-interno.invitacion:${sendId}:${personaId}`;

/**
 * internal-events.send-invitations: queues one invitation message per attendee of the request, in batches. A
 * batch is one transaction — the request row locked first, its messages (MailOutbox, one statement), the
 * attendees marked invited and the request's counts and progress — so a retry after a crash resumes at the
 * first batch not committed, and a duplicate run waits on the lock and then skips what the other did. The
 * messages' key (request + attendee) makes each at most once even so. Progress goes straight to the event's
 * staff room after each batch; the end also travels as a domain event (audit, and the same push).
 */
@Injectable()
export class SendInvitationsJob extends ProgressJob<'internal-events.send-invitations'> {
  constructor(
    private readonly repo: InvitationsRepository,
    private readonly mail: MailOutbox,
  ) {
    super('internal-events.send-invitations');
  }

  async handle({ sendId }: JobPayloads['internal-events.send-invitations']): Promise<void> {
    const send = await this.repo.findSend(sendId);
    if (!send) return; // deleted with its event (ON DELETE CASCADE): nothing left to invite
    if (send.status === 'completed' || send.status === 'failed') return;
    const eventId = send.evento_interno_id;
    const total = send.persona_ids.length;

    for (let offset = send.processed; offset < total;) {
      const step = await this.ds.transaction(async (manager) => {
        const locked = await this.repo.lockSend(manager, send.id);
        // A duplicate run may have done this batch meanwhile: resume where the row says.
        if (!locked || locked.status === 'completed' || locked.status === 'failed') return null;
        const slice = locked.persona_ids.slice(locked.processed, locked.processed + INVITATIONS_BATCH);
        if (slice.length === 0) return { row: locked, invited: [] as number[], at: null };
        const snapshot = await this.repo.eventSnapshot(manager, eventId);
        if (!snapshot) return null; // the event was deleted (and its request with it)
        const invitees = await this.repo.invitees(manager, eventId, slice);
        const mails: Array<QueuedMail<'evento-interno.invitacion'>> = invitees.map((p) => ({
          key: invitationKey(send.id, p.persona_id),
          template: 'evento-interno.invitacion',
          to: { email: p.correo_electronico, name: p.nombre_completo },
          data: {
            evento_id: eventId,
            persona_id: p.persona_id,
            slug: snapshot.slug,
            nombre: p.nombre,
            codigo: p.confirmation_code,
            evento: snapshot.evento,
          },
          ref: { type: 'evento-interno', id: eventId },
        }));
        await this.mail.queue(manager, mails);
        const invited = invitees.map((p) => p.persona_id);
        const at = invited.length ? await this.repo.markInvited(manager, eventId, send.id, invited) : null;
        const row = await this.repo.addProgress(manager, send.id, slice.length, invited.length);
        return { row, invited, at };
      });
      if (!step) return;
      offset = step.row.processed;
      this.push(step.row, step.invited.length && step.at ? { persona_ids: step.invited, at: new Date(step.at).toISOString() } : undefined);
    }

    const done = await this.ds.transaction(async (manager) => {
      const locked = await this.repo.lockSend(manager, send.id);
      if (!locked || locked.status === 'completed' || locked.status === 'failed') return null; // a duplicate run finished first
      const row = await this.repo.setStatus(manager, send.id, 'completed', invitationsResult(locked.queued_count, locked.skipped_count));
      await this.outbox.insert(manager, { userId: send.created_by, ip: null }, [
        { type: 'internal-event.invitations-finished', resourceId: eventId, payload: { event_id: eventId, job: toInvitationJob(row) } },
      ]);
      return row;
    });
    if (done) {
      this.push(done);
      this.logger.log(`Invitation send ${send.id}: ${done.queued_count} queued, ${done.skipped_count} skipped`);
    }
  }

  /** Every retry failed (the database down for longer than the retries): the request ends as failed. */
  async gaveUp({ sendId }: JobPayloads['internal-events.send-invitations']): Promise<void> {
    const row = await this.repo.failSend(sendId, INVITATION_MESSAGES.failed);
    if (row) this.push(row);
  }

  /** Progress straight to the event's page (staff room). */
  private push(row: InvitationSendRow, invited?: { persona_ids: number[]; at: string }): void {
    const eventId = row.evento_interno_id;
    this.pushProgress(
      [ROOMS.internalEvent(eventId)],
      'internal-event.invitations-progress',
      `invitations:${row.id}:${row.status}:${row.processed}`,
      {
        event_id: eventId,
        job: toInvitationJob(row),
        ...(invited ? { invited } : {}),
      },
    );
  }
}
