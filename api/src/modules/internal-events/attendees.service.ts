import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ATTENDEES_PUSH_MAX_ROWS, CONFIRMATION_CODE_RETRIES } from './internal-events.constants';
import type { AsistenteResponse, AvailablePersonasResponse, SeatRef } from '@shared/contracts/internal-events.contract';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import type { EventActor } from '@shared/events/domain-events';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import { searchTerm } from '@shared/rules/persona-rules';
import { distinctConfirmationCodes } from './confirmation-codes';
import { SeatingService } from '../seating/seating.service';
import type { AvailablePersonasQueryDto, UpdateAsistenteDto } from './internal-events.dto';
import { toAsistenteResponse, toPersonaDisponible } from './internal-events.mapper';
import { InternalEventsRepository, type AsistenteRow, type InternalEventRow } from './internal-events.repository';
import { EVENT_NOT_FOUND } from './internal-events.service';

export const ATTENDEE_NOT_FOUND = 'La persona no es asistente de este evento.';
export const SECTION_REQUIRED = 'Por favor selecciona una sección';

/**
 * An internal event's invited people (spec 2): inviting them with their confirmation codes, their
 * confirmation status (the status button), removing them, and the seats staff give them in the event's space.
 */
@Injectable()
export class AttendeesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: InternalEventsRepository,
    private readonly seating: SeatingService,
  ) {}

  /** Attendees with their seats (seating's, read in one query). */
  async withSeats(id: number, rows: AsistenteRow[], manager?: EntityManager): Promise<AsistenteResponse[]> {
    const seats = await this.seating.seatsOf(
      id,
      rows.map((r) => r.id),
      manager,
    );
    return rows.map((r) => toAsistenteResponse(r, seats.get(r.id) ?? null));
  }

  async asistenteInTx(tx: Transaction, id: number, personaId: number): Promise<AsistenteResponse> {
    return (await this.withSeats(id, [(await this.repo.asistente(id, personaId, tx.manager))!], tx.manager))[0];
  }

  private async assertEvent(id: number): Promise<InternalEventRow> {
    const row = await this.repo.findById(id);
    if (!row) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
    return row;
  }

  async asistentes(id: number): Promise<AsistenteResponse[]> {
    await this.assertEvent(id);
    const [rows, seats] = await Promise.all([this.repo.asistentes(id), this.seating.seatsOf(id, null)]);
    return rows.map((r) => toAsistenteResponse(r, seats.get(r.id) ?? null));
  }

  /**
   * Invites people: one set-based INSERT … SELECT for the whole selection, whatever its size. Codes come
   * from the cryptographic generator, distinct within the batch; the rare one that collides with a stored
   * code of the event (UNIQUE (evento_interno_id, confirmation_code)) is retried with a fresh code. People
   * already invited (PRIMARY KEY) or unknown are skipped.
   */
  async assign(
    id: number,
    personaIds: number[],
    actor: EventActor,
  ): Promise<{ assigned_count: number; message: string; asistentes: AsistenteResponse[] }> {
    await this.assertEvent(id);
    const wanted = [...new Set(personaIds)];
    return this.uow.run(actor, async (tx) => {
      const inserted: number[] = [];
      let pending = wanted;
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > CONFIRMATION_CODE_RETRIES) {
          throw new DomainException(ErrorCode.Conflict, 'No se pudieron generar códigos únicos. Intenta de nuevo.');
        }
        inserted.push(
          ...(await this.repo.insertAttendees(tx.manager, id, pending, distinctConfirmationCodes(pending.length), actor.userId)),
        );
        // Left: people who exist and are still not invited — their code collided.
        pending = await this.repo.notYetInvited(tx.manager, id, pending);
      }
      const asistentes = inserted.length
        ? await this.withSeats(id, await this.repo.asistentesByIds(tx.manager, id, inserted), tx.manager)
        : [];
      if (inserted.length > 0) {
        const counts = await this.repo.bumpCounts(tx.manager, id);
        await tx.record({
          type: 'internal-event.attendees-assigned',
          resourceId: id,
          payload: {
            event_id: id,
            assigned_count: inserted.length,
            asistentes: asistentes.length <= ATTENDEES_PUSH_MAX_ROWS ? asistentes : null,
            counts,
          },
        });
      }
      const n = inserted.length;
      return { assigned_count: n, message: `${n} persona(s) asignada(s) exitosamente`, asistentes };
    });
  }

  /**
   * Removing an attendee frees their seat first, through seating (one versioned delta the open maps apply);
   * the foreign key's ON DELETE CASCADE stays as the guard. Lock order: the attendee row, their seat and the
   * seating version, then the event row (bumpCounts), as in every seat change.
   */
  async removeAttendee(id: number, personaId: number, actor: EventActor): Promise<void> {
    await this.uow.run(actor, async (tx) => {
      if (!(await this.repo.lockAttendee(tx.manager, id, personaId))) throw new DomainException(ErrorCode.NotFound, ATTENDEE_NOT_FOUND);
      await this.seating.releaseSeatOf(tx, id, personaId);
      if (!(await this.repo.removeAttendee(tx.manager, id, personaId))) throw new DomainException(ErrorCode.NotFound, ATTENDEE_NOT_FOUND);
      const counts = await this.repo.bumpCounts(tx.manager, id);
      await tx.record({
        type: 'internal-event.attendee-removed',
        resourceId: id,
        payload: { event_id: id, persona_id: personaId, counts },
      });
    });
  }

  /**
   * Sets an attendee's confirmacion. Moving to asistio without a seat in the event's space takes a
   * section: the seat is auto-assigned and the status set in this one transaction (all or nothing).
   */
  async updateAttendance(
    id: number,
    personaId: number,
    dto: UpdateAsistenteDto,
    actor: EventActor,
  ): Promise<{ asistente: AsistenteResponse; seat_assigned: SeatRef | null; message: string }> {
    return this.uow.run(actor, async (tx) => {
      if (!(await this.repo.lockAttendee(tx.manager, id, personaId))) throw new DomainException(ErrorCode.NotFound, ATTENDEE_NOT_FOUND);
      let seat: SeatRef | null = null;
      if (dto.confirmacion === 'asistio') {
        const hasSpace = (await this.repo.currentEspacioIds(tx.manager, id)).length > 0;
        if (hasSpace && !(await this.seating.isSeated(tx, id, personaId))) {
          if (!dto.seccion_id) throw DomainException.validation({ seccion_id: [SECTION_REQUIRED] }, SECTION_REQUIRED);
          seat = await this.seating.giveFirstFreeSeat(tx, id, personaId, dto.seccion_id, actor);
        }
      }
      await this.repo.setConfirmacion(tx.manager, id, personaId, dto.confirmacion);
      const asistente = await this.asistenteInTx(tx, id, personaId);
      const counts = await this.repo.bumpCounts(tx.manager, id);
      await tx.record({ type: 'internal-event.attendance-changed', resourceId: id, payload: { event_id: id, asistente, counts } });
      return { asistente, seat_assigned: seat, message: 'Estado actualizado exitosamente' };
    });
  }

  async autoAssignSeat(
    id: number,
    personaId: number,
    seccionId: number,
    actor: EventActor,
  ): Promise<{ seat_assigned: SeatRef; message: string }> {
    return this.uow.run(actor, async (tx) => {
      if (!(await this.repo.lockAttendee(tx.manager, id, personaId))) throw new DomainException(ErrorCode.NotFound, ATTENDEE_NOT_FOUND);
      const seat = await this.seating.giveFirstFreeSeat(tx, id, personaId, seccionId, actor);
      return { seat_assigned: seat, message: `Asiento ${seat.displayCode} asignado exitosamente` };
    });
  }

  async availablePersonas(id: number, query: AvailablePersonasQueryDto): Promise<AvailablePersonasResponse> {
    await this.assertEvent(id);
    const words = (query.search ?? '').split(/\s+/).filter(Boolean).map(searchTerm).filter(Boolean).slice(0, 8);
    const { rows, total } = await this.repo.availablePersonas(id, words, query.page, query.per_page);
    return {
      personas: rows.map(toPersonaDisponible),
      total,
      page: query.page,
      per_page: query.per_page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
    };
  }

  sectores() {
    return this.repo.sectores();
  }

  empresas() {
    return this.repo.empresas();
  }
}
