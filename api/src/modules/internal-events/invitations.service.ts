import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { InvitationJobResponse, InvitationRequestResponse } from '@shared/contracts/internal-events.contract';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import type { EventActor } from '@shared/events/domain-events';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import { InternalEventsRepository } from './internal-events.repository';
import { InvitationsRepository, type InvitationSendRow } from './invitations.repository';
import { EVENT_NOT_FOUND } from './internal-events.service';
import { iso } from '@core/format/iso';

export const INVITATION_MESSAGES = {
  queued: 'Envío de invitaciones en proceso.',
  notConfirmed:
    'Solo se pueden enviar invitaciones de un evento confirmado: en borrador su página pública no existe, y cancelado o completado ya no acepta confirmaciones.',
  noPending: 'No hay asistentes pendientes con correo electrónico.',
  notAttendees: 'Alguna de las personas seleccionadas no es asistente de este evento.',
  noEmail: 'Ninguna de las personas seleccionadas tiene correo electrónico.',
  jobNotFound: 'El envío de invitaciones no existe en este evento.',
  failed: 'Error al enviar las invitaciones',
} as const;

/** The BullMQ job id of an invitation request (deduplicates a re-queued request). */
export const invitationsJobId = (sendId: string) => `invitations-${sendId}`;

/** The result line of a finished request. */
export function invitationsResult(queued: number, skipped: number): string {
  const sent = queued === 1 ? 'Se puso en cola 1 invitación.' : `Se pusieron en cola ${queued} invitaciones.`;
  if (skipped === 0) return sent;
  return `${sent} ${skipped === 1 ? '1 persona no la recibirá' : `${skipped} personas no la recibirán`} (sin correo electrónico o ya no invitada).`;
}

export function toInvitationJob(r: InvitationSendRow): InvitationJobResponse {
  return {
    id: r.id,
    job_id: invitationsJobId(r.id),
    evento_interno_id: r.evento_interno_id,
    status: r.status,
    total: r.persona_ids.length,
    processed: r.processed,
    queued_count: r.queued_count,
    skipped_count: r.skipped_count,
    message: r.message,
    created_at: iso(r.created_at)!,
    finished_at: iso(r.finished_at),
  };
}

/**
 * Invitations by e-mail: a request names the attendees (or, none named, every pending one with an
 * e-mail) and is recorded with its domain event in one transaction; the outbox relay turns the event into ONE
 * BullMQ job (job id from the request's id), which queues one message per attendee in batches — so the answer
 * is immediate and a request committed while Redis is down still starts later.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly events: InternalEventsRepository,
    private readonly repo: InvitationsRepository,
  ) {}

  async request(id: number, personaIds: number[] | undefined, actor: EventActor): Promise<InvitationRequestResponse> {
    return this.uow.run(actor, async (tx) => {
      // The event row locked: a status change (to cancelado…) waits for this request, or this one sees it.
      const event = await this.events.lockById(tx.manager, id);
      if (!event) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
      if (event.estado !== 'confirmado') throw new DomainException(ErrorCode.Conflict, INVITATION_MESSAGES.notConfirmed);
      let ids: number[];
      if (personaIds === undefined) {
        ids = await this.repo.pendingWithEmail(tx.manager, id);
        if (ids.length === 0) throw new DomainException(ErrorCode.Conflict, INVITATION_MESSAGES.noPending);
      } else {
        ids = [...new Set(personaIds)];
        const found = await this.repo.attendeesAmong(tx.manager, id, ids);
        if (found.attendees !== ids.length) {
          throw DomainException.validation({ persona_ids: [INVITATION_MESSAGES.notAttendees] }, INVITATION_MESSAGES.notAttendees);
        }
        if (found.withEmail === 0)
          throw DomainException.validation({ persona_ids: [INVITATION_MESSAGES.noEmail] }, INVITATION_MESSAGES.noEmail);
      }
      const row = await this.repo.insertSend(tx.manager, { id: randomUUID(), eventId: id, personaIds: ids, createdBy: actor.userId });
      const job = toInvitationJob(row);
      await tx.record({ type: 'internal-event.invitations-requested', resourceId: id, payload: { event_id: id, job } });
      return { message: INVITATION_MESSAGES.queued, job };
    });
  }

  async job(id: number, sendId: string): Promise<InvitationJobResponse> {
    const row = await this.repo.findSend(sendId);
    if (!row || row.evento_interno_id !== id) throw new DomainException(ErrorCode.NotFound, INVITATION_MESSAGES.jobNotFound);
    return toInvitationJob(row);
  }

  /** The event's last request (the page shows its progress or result when it opens). */
  async last(id: number): Promise<InvitationJobResponse | null> {
    if (!(await this.events.findById(id))) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
    const row = await this.repo.lastSend(id);
    return row ? toInvitationJob(row) : null;
  }
}
