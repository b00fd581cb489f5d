import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@core/access/current-user';
import { can } from '@shared/permissions';
import {
  isConfirmationCode,
  normalizeConfirmationCode,
  type PublicConfirmResponse,
  type PublicInternalEvent,
} from '@shared/contracts/internal-events.contract';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { InternalEventsError } from './internal-events.errors';
import type { EventActor } from '@shared/events/domain-events';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import { AttendeesService } from './attendees.service';
import { ConfirmationThrottle } from './confirmation-throttle';
import { toPublicInternalEvent } from './internal-events.mapper';
import { InternalEventsRepository, type InternalEventRow } from './internal-events.repository';

export const PUBLIC_NOT_FOUND = 'Este evento no está disponible o no existe.';
/** The one answer to a wrong code: it says nothing about which codes exist. */
export const WRONG_CODE = 'Código inválido. Verifica tu código e intenta nuevamente.';
export const CODE_FORMAT = 'Por favor ingresa un código válido de 5 caracteres.';

/** The invited person's page (spec 2 §2 public): the event, and confirming attendance with their code. */
@Injectable()
export class PublicInternalEventsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: InternalEventsRepository,
    private readonly throttle: ConfirmationThrottle,
    private readonly attendees: AttendeesService,
  ) {}

  /** A borrador is not public (staff who may view it can preview it with their token). */
  private async publicEvent(slugOrId: string, viewer?: AuthUser): Promise<InternalEventRow> {
    const row = /^[a-z0-9-]{1,80}$/.test(slugOrId) ? await this.repo.findBySlugOrId(slugOrId) : null;
    if (!row || (row.estado === 'borrador' && !can(viewer, 'eventos_internos', 'view'))) {
      throw new DomainException(ErrorCode.NotFound, PUBLIC_NOT_FOUND);
    }
    return row;
  }

  async publicPage(slugOrId: string, viewer?: AuthUser): Promise<{ evento: PublicInternalEvent }> {
    return { evento: toPublicInternalEvent(await this.publicEvent(slugOrId, viewer)) };
  }

  /**
   * The invited person confirms with their code. One conditional UPDATE decides (only an invitation not
   * yet confirmed moves), so parallel confirmations of one code give one success and the rest
   * 'already confirmed'. Failures are limited per IP and per event (ConfirmationThrottle) and recorded
   * (confirmacion_intentos_fallidos, shown to staff as intentos_fallidos_24h).
   */
  async publicConfirm(slugOrId: string, rawCode: unknown, actor: EventActor): Promise<PublicConfirmResponse> {
    const event = await this.publicEvent(slugOrId);
    if (event.estado !== 'confirmado') {
      throw event.estado === 'cancelado'
        ? new DomainException(InternalEventsError.EventCancelled, 'Este evento ha sido cancelado.')
        : new DomainException(InternalEventsError.EventCompleted, 'Este evento ya no acepta confirmaciones de asistencia.');
    }
    const code = normalizeConfirmationCode(rawCode);
    if (!isConfirmationCode(code)) throw DomainException.validation({ code: [CODE_FORMAT] }, CODE_FORMAT);

    const reservation = await this.throttle.reserve(event.id, actor.ip);
    let outcome: PublicConfirmResponse | null;
    try {
      outcome = await this.uow.run(actor, async (tx) => {
        const personaId = await this.repo.confirmByCode(tx.manager, event.id, code);
        if (personaId === null) return null;
        const asistente = await this.attendees.asistenteInTx(tx, event.id, personaId);
        const counts = await this.repo.bumpCounts(tx.manager, event.id);
        await tx.record({
          type: 'internal-event.attendance-confirmed',
          resourceId: event.id,
          payload: { event_id: event.id, asistente, counts },
        });
        return { already_confirmed: false, message: '¡Asistencia confirmada exitosamente!', persona: { nombre: asistente.nombre } };
      });
      if (!outcome) {
        const known = await this.repo.findByCode(event.id, code);
        if (known) outcome = { already_confirmed: true, message: 'Tu asistencia ya estaba confirmada.', persona: { nombre: known.nombre } };
      }
    } catch (err) {
      await this.throttle.release(reservation);
      throw err;
    }
    if (outcome) {
      await this.throttle.release(reservation);
      return outcome;
    }
    await this.throttle.fail(reservation);
    await this.repo.recordFailedAttempt(event.id, actor.ip);
    throw new DomainException(ErrorCode.ValidationFailed, WRONG_CODE);
  }
}
