import { Injectable } from '@nestjs/common';
import type { AsistenteResponse, SeatRef } from '@shared/contracts/internal-events.contract';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import type { EventActor } from '@shared/events/domain-events';
import type { Transaction } from '@core/outbox/unit-of-work';
import { SeatingService } from '../seating/seating.service';
import { ATTENDEE_NOT_FOUND, AttendeesService } from './attendees.service';
import { InternalEventsRepository } from './internal-events.repository';

/** What the door engine asks of an internal event (through InternalDoorAdapter): admitting an invited person, with a seat. */
@Injectable()
export class CheckInService {
  constructor(
    private readonly repo: InternalEventsRepository,
    private readonly seating: SeatingService,
    private readonly attendees: AttendeesService,
  ) {}

  /**
   * Admitted at the door (today's check-in, through the door engine): marks the person 'asistio' — the
   * status button's change and its `internal-event.attendance-changed` — in the door's transaction; if the event has
   * a space and the person no seat, one is given in the chosen section or, without one, in the first section (by
   * order) that still has a free seat. `strict` (an online scan): no free seat refuses, as before; an offline
   * device already let the person in, so they are admitted without a seat. A re-entry changes nothing.
   */
  async admitAtDoor(
    tx: Transaction,
    id: number,
    personaId: number,
    actor: EventActor,
    options: { strict: boolean; seccionId?: number },
  ): Promise<{ asistente: AsistenteResponse; seat_assigned: SeatRef | null; already_checked_in: boolean }> {
    const current = await this.repo.lockAttendee(tx.manager, id, personaId);
    if (!current) throw new DomainException(ErrorCode.NotFound, ATTENDEE_NOT_FOUND);
    let seat: SeatRef | null = null;
    if ((await this.repo.currentEspacioIds(tx.manager, id)).length > 0 && !(await this.seating.isSeated(tx, id, personaId))) {
      const seccion = options.seccionId ?? (await this.seating.firstSeccionWithFreeSeat(tx, id));
      if (seccion) seat = await this.seating.giveFirstFreeSeat(tx, id, personaId, seccion, actor);
      else if (options.strict) throw new DomainException(ErrorCode.Conflict, 'No quedan asientos libres en el espacio del evento.');
    }
    const already = current.confirmacion === 'asistio';
    if (!already) await this.repo.setConfirmacion(tx.manager, id, personaId, 'asistio');
    const asistente = await this.attendees.asistenteInTx(tx, id, personaId);
    if (!already) {
      const counts = await this.repo.bumpCounts(tx.manager, id);
      await tx.record({ type: 'internal-event.attendance-changed', resourceId: id, payload: { event_id: id, asistente, counts } });
    }
    return { asistente, seat_assigned: seat, already_checked_in: already };
  }

  /** The door's answer for a known code it did not admit now: the attendee, as today's check-in answered. */
  async doorAttendee(
    id: number,
    personaId: number,
  ): Promise<{ asistente: AsistenteResponse; seat_assigned: null; already_checked_in: boolean }> {
    const row = await this.repo.asistente(id, personaId);
    if (!row) throw new DomainException(ErrorCode.NotFound, ATTENDEE_NOT_FOUND);
    const [asistente] = await this.attendees.withSeats(id, [row]);
    return { asistente, seat_assigned: null, already_checked_in: row.confirmacion === 'asistio' };
  }

  /** People inside per section of the event's space (the occupancy board), from their seats. */
  async doorSections(
    id: number,
    insideIds: number[],
  ): Promise<Array<{ seccion_id: number; nombre: string; inside: number; seats: number }> | undefined> {
    const [espacio] = (await this.repo.espaciosOf([id])).get(id) ?? [];
    if (!espacio) return undefined;
    const seats = await this.seating.seatsOf(id, insideIds);
    const inside = new Map<number, number>();
    for (const seat of seats.values()) inside.set(seat.seccion.id, (inside.get(seat.seccion.id) ?? 0) + 1);
    return espacio.secciones.map((s) => ({
      seccion_id: s.id,
      nombre: s.nombre,
      inside: inside.get(s.id) ?? 0,
      seats: Number(s.capacidad),
    }));
  }
}
