import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { SeatRef } from '@shared/contracts/internal-events.contract';
import type {
  MassAssignmentResponse,
  SeatingMapCompactResponse,
  SeatingMapFormat,
  SeatingMapResponse,
} from '@shared/contracts/seating.contract';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import type { EventActor } from '@shared/events/domain-events';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import type { EntityManager } from 'typeorm';
import { toSpecSeatingMap } from './seating.mapper';
import { SeatingRepository, toAssignment, toSeatRef, type MassRow, type ReleasedRow } from './seating.repository';
import { iso } from '@core/format/iso';

export const SEATING_MESSAGES = {
  eventNotFound: 'El evento no existe.',
  seatNotInEvent: 'El asiento no pertenece al espacio de este evento.',
  notAttendee: 'La persona no es asistente de este evento.',
  seatTaken: 'Este asiento ya está asignado a otra persona.',
  personSeated: 'La persona ya tiene un asiento asignado en este evento.',
  assigned: 'Asiento asignado exitosamente',
  assignmentNotFound: 'La asignación no existe en este evento.',
  released: 'Asiento liberado exitosamente',
  sectionNotInEvent: 'La sección no pertenece al espacio del evento.',
  sectionFull: 'No hay asientos disponibles en esta sección.',
  tryAgain: 'No se pudo asignar un asiento. Intenta de nuevo.',
  massQueued: 'Asignación masiva en proceso.',
  massNotFound: 'La asignación masiva no existe en este evento.',
  onlyLastUndo: 'Solo se puede deshacer la última asignación masiva, una vez terminada.',
  alreadyUndone: 'Esta asignación masiva ya fue deshecha.',
} as const;

export function toMassResponse(r: MassRow): MassAssignmentResponse {
  return {
    id: r.id,
    job_id: massJobId(r.id),
    evento_interno_id: r.evento_interno_id,
    seccion_id: r.seccion_id,
    status: r.status,
    total: r.persona_ids.length,
    processed: r.processed,
    assigned_count: r.assigned_count,
    failed_count: r.failed_count,
    message: r.message,
    failure_reasons: r.failure_reasons,
    created_at: iso(r.created_at)!,
    finished_at: iso(r.finished_at),
    undone_at: iso(r.undone_at),
    released_count: r.released_count,
  };
}

/**
 * A seat some event holds cannot be deleted (asiento_asignaciones.asiento_id ON DELETE RESTRICT): the error a
 * space edit gets when it would remove one.
 */
export function isHeldSeatDeletion(err: unknown): boolean {
  const e = err as { driverError?: { code?: string; constraint?: string }; code?: string; constraint?: string };
  const d = e.driverError ?? e;
  return d.code === '23503' && d.constraint === 'asiento_asignaciones_asiento_id_fkey';
}

/** The BullMQ job id of a mass assignment (deduplicates a re-queued request). */
export const massJobId = (massId: string) => `mass-assign-${massId}`;

/** Seat assignment on the seating map (spec 2 §4, §5, §7). Every write bumps the event's seating version last. */
@Injectable()
export class SeatingService {
  constructor(
    private readonly repo: SeatingRepository,
    private readonly uow: UnitOfWork,
  ) {}

  private async assertEvent(id: number) {
    const event = await this.repo.event(id);
    if (!event) throw new DomainException(ErrorCode.NotFound, SEATING_MESSAGES.eventNotFound);
    return event;
  }

  /**
   * Two set-based reads (sections with their seat ids, assignments) plus the version, whatever the seat count;
   * both forms of the answer are built from them: `completo` (spec 2 §3, §7, the default) and `compacto`.
   */
  async map(id: number, formato: 'compacto'): Promise<SeatingMapCompactResponse>;
  async map(id: number, formato?: 'completo'): Promise<SeatingMapResponse>;
  async map(id: number, formato?: SeatingMapFormat): Promise<SeatingMapResponse | SeatingMapCompactResponse>;
  async map(id: number, formato: SeatingMapFormat = 'completo'): Promise<SeatingMapResponse | SeatingMapCompactResponse> {
    const event = await this.assertEvent(id);
    // The version first: a change committed between the reads shows as a delta the client already holds (ignored).
    const version = await this.repo.version(id);
    const [espacios, rows, last] = await Promise.all([this.repo.espacios(id), this.repo.assignments(id), this.repo.lastMass(id)]);
    const asientos = espacios.reduce((n, e) => n + e.secciones.reduce((m, s) => m + s.seat_ids.filter((x) => x !== null).length, 0), 0);
    const evento = { id: event.id, titulo: event.titulo, fecha_evento: new Date(event.fecha_evento).toISOString(), estado: event.estado };
    const asignaciones = rows.map(toAssignment);
    const totals = { asientos, asignados: rows.length };
    const last_mass_assignment = last ? toMassResponse(last) : null;
    if (formato === 'compacto') {
      return { formato, evento, version, seating_map: espacios, asignaciones, totals, last_mass_assignment };
    }
    return { formato, evento, version, seating_map: toSpecSeatingMap(espacios, asignaciones), totals, last_mass_assignment };
  }

  async assignSeat(id: number, personaId: number, asientoId: number, actor: EventActor) {
    await this.assertEvent(id);
    return this.uow.run(actor, async (tx) => {
      if (!(await this.repo.seatOfEvent(tx.manager, id, asientoId))) {
        throw new DomainException(ErrorCode.NotFound, SEATING_MESSAGES.seatNotInEvent);
      }
      if (!(await this.repo.isAttendee(tx.manager, id, personaId)))
        throw new DomainException(ErrorCode.NotFound, SEATING_MESSAGES.notAttendee);
      const placed = await this.place(tx, id, asientoId, personaId, actor);
      if ('refused' in placed) {
        throw new DomainException(
          ErrorCode.Conflict,
          placed.refused.seat_taken ? SEATING_MESSAGES.seatTaken : SEATING_MESSAGES.personSeated,
        );
      }
      return { message: SEATING_MESSAGES.assigned, asignacion: placed.asignacion, version: placed.version };
    });
  }

  /**
   * The first free seat of the section for an attendee, inside the caller's transaction (auto-assign, the
   * 'asistio' status and check-in on the event's page): front rows first, then from the centre of the row,
   * taken with FOR UPDATE SKIP LOCKED and given through `place`, like a seat chosen on the map (a person
   * already seated is a 409, a seat taken between the search and the insert is searched again). What went
   * wrong is only looked up when something did.
   */
  async giveFirstFreeSeat(tx: Transaction, id: number, personaId: number, seccionId: number, actor: EventActor): Promise<SeatRef> {
    for (let attempt = 0; attempt < 20; attempt++) {
      // The common case is two statements: lock a free seat of the section (only in the event's spaces), insert.
      const asientoId = await this.repo.lockFirstFreeSeat(tx.manager, id, seccionId);
      if (asientoId === null) {
        if (!(await this.repo.seccionOfEvent(tx.manager, id, seccionId))) {
          throw new DomainException(ErrorCode.NotFound, SEATING_MESSAGES.sectionNotInEvent);
        }
        if (await this.repo.personSeated(tx.manager, id, personaId))
          throw new DomainException(ErrorCode.Conflict, SEATING_MESSAGES.personSeated);
        throw new DomainException(ErrorCode.Conflict, SEATING_MESSAGES.sectionFull);
      }
      const placed = await this.place(tx, id, asientoId, personaId, actor);
      if (!('refused' in placed)) return placed.seat_ref;
      // The person already has a seat (409), or the seat was just taken (try the next).
      if (placed.refused.person_seated) throw new DomainException(ErrorCode.Conflict, SEATING_MESSAGES.personSeated);
    }
    throw new DomainException(ErrorCode.Conflict, SEATING_MESSAGES.tryAgain);
  }

  /**
   * The one path that gives a single seat (the map's assign-seat and every seat given on the event's page):
   * one INSERT … ON CONFLICT DO NOTHING, where the UNIQUE constraints of asiento_asignaciones decide races
   * (one seat per person, one person per seat; the insert waits for a concurrent holder, then does nothing),
   * and its delta at the event's next seating version. A mass assignment's batch is the set-based form of
   * the same insert (`placeBatch`), under the same constraints. Refused: who held what.
   */
  private async place(tx: Transaction, id: number, asientoId: number, personaId: number, actor: EventActor) {
    let assignmentId: number | null;
    try {
      assignmentId = await this.repo.insertAssignment(tx.manager, id, asientoId, personaId, actor.userId);
    } catch (err) {
      // The attendee was removed meanwhile (the foreign key to evento_asistentes).
      if ((err as { code?: string }).code === '23503') throw new DomainException(ErrorCode.NotFound, SEATING_MESSAGES.notAttendee);
      throw err;
    }
    if (assignmentId === null) return { refused: await this.repo.holders(tx.manager, id, asientoId, personaId) };
    return this.recordAssigned(tx, id, asientoId, assignmentId);
  }

  /** The delta of one new assignment, with the event's next seating version, recorded in the transaction. */
  private async recordAssigned(tx: Transaction, id: number, asientoId: number, assignmentId: number) {
    const [row] = await this.repo.assignmentsByIds(tx.manager, [assignmentId]);
    const asignacion = toAssignment(row);
    const seat_ref = await this.repo.seatRef(tx.manager, asientoId, assignmentId);
    const version = await this.repo.bumpVersion(tx.manager, id);
    await tx.record({
      type: 'seating.seat-assigned',
      resourceId: id,
      payload: { event_id: id, version, assigned: [asignacion], released: [], seat_ref },
    });
    return { asignacion, version, seat_ref };
  }

  /**
   * The one event of released seats (map, undo, the event's page): the delta at the event's next seating
   * version, recorded in the caller's transaction after the rows are gone. Nothing released, nothing recorded.
   */
  private async recordReleased(tx: Transaction, id: number, rows: ReleasedRow[], massId?: string): Promise<string | null> {
    if (rows.length === 0 && massId === undefined) return null;
    const version = await this.repo.bumpVersion(tx.manager, id);
    await tx.record({
      type: 'seating.seats-released',
      resourceId: id,
      payload: {
        event_id: id,
        version,
        assigned: [],
        released: rows.map((r) => [r.id, r.asiento_id, r.persona_id] as [number, number, number]),
        ...(massId === undefined ? {} : { mass_assignment_id: massId }),
      },
    });
    return version;
  }

  async removeSeat(id: number, assignmentId: number, actor: EventActor) {
    await this.assertEvent(id);
    return this.uow.run(actor, async (tx) => {
      const gone = await this.repo.deleteAssignment(tx.manager, id, assignmentId);
      if (!gone) throw new DomainException(ErrorCode.NotFound, SEATING_MESSAGES.assignmentNotFound);
      const version = (await this.recordReleased(tx, id, [gone]))!;
      return { message: SEATING_MESSAGES.released, version };
    });
  }

  // ------------------------------------------------------------- for internal events (their page, their space)

  /** The seats of these attendees of the event (all of them when null), by persona id. */
  async seatsOf(id: number, personaIds: number[] | null, manager?: EntityManager): Promise<Map<number, SeatRef>> {
    if (personaIds?.length === 0) return new Map();
    const rows = await this.repo.seatsOfAttendees(id, personaIds, manager);
    return new Map(rows.map((r) => [r.persona_id, toSeatRef(r)]));
  }

  /** Seats assigned per section (section id → count), by event. */
  async assignedBySeccion(ids: number[], manager?: EntityManager): Promise<Map<number, Map<number, number>>> {
    const out = new Map<number, Map<number, number>>();
    for (const r of await this.repo.assignedBySeccion(ids, manager)) {
      const bySeccion = out.get(r.evento_id) ?? new Map<number, number>();
      bySeccion.set(r.seccion_id, r.n);
      out.set(r.evento_id, bySeccion);
    }
    return out;
  }

  /** How many of these seats some event holds (a space edit that would delete them is refused). */
  countHeldSeats(asientoIds: number[]): Promise<number> {
    return this.repo.countHeldSeats(asientoIds);
  }

  /** Which of these people hold a seat, by event (a merge keeps the seated invitation). */
  seatedPeople(manager: EntityManager, personaIds: number[]): Promise<Array<{ evento_interno_id: number; persona_id: number }>> {
    return this.repo.seatedPeople(manager, personaIds);
  }

  /** How many seats the person holds in these events (the seats a merge moved with their invitations). */
  countSeatsOf(manager: EntityManager, personaId: number, eventIds: number[]): Promise<number> {
    return this.repo.countSeatsOf(manager, personaId, eventIds);
  }

  isSeated(tx: Transaction, id: number, personaId: number): Promise<boolean> {
    return this.repo.personSeated(tx.manager, id, personaId);
  }

  countAssigned(tx: Transaction, id: number): Promise<number> {
    return this.repo.countAssignments(tx.manager, id);
  }

  /** The first section (by order) of the event's space with a free seat (check-in without a section). */
  firstSeccionWithFreeSeat(tx: Transaction, id: number): Promise<number | null> {
    return this.repo.firstSeccionWithFreeSeat(tx.manager, id);
  }

  /**
   * Frees the attendee's seat before they stop being an attendee (the caller holds their row), as one
   * versioned delta. Answers the assignments released (none if they had no seat).
   */
  async releaseSeatOf(tx: Transaction, id: number, personaId: number): Promise<ReleasedRow[]> {
    const rows = await this.repo.deleteAssignmentOf(tx.manager, id, personaId);
    await this.recordReleased(tx, id, rows);
    return rows;
  }

  /** Frees every seat of the event (its space changes), as one versioned delta. Answers the assignments released. */
  async releaseAll(tx: Transaction, id: number): Promise<ReleasedRow[]> {
    const rows = await this.repo.deleteAllAssignments(tx.manager, id);
    await this.recordReleased(tx, id, rows);
    return rows;
  }

  /**
   * Records the mass assignment and its domain event in one transaction; the outbox relay turns the
   * event into the BullMQ job (`seating.mass-assign`, job id from the mass assignment's id), so the
   * answer is immediate and a request committed while Redis is down still starts its job later.
   */
  async massAssign(id: number, personaIds: number[], seccionId: number, actor: EventActor) {
    await this.assertEvent(id);
    const unique = [...new Set(personaIds)];
    return this.uow.run(actor, async (tx) => {
      if (!(await this.repo.seccionOfEvent(tx.manager, id, seccionId))) {
        throw DomainException.validation({ seccion_id: [SEATING_MESSAGES.sectionNotInEvent] }, SEATING_MESSAGES.sectionNotInEvent);
      }
      const row = await this.repo.insertMass(tx.manager, {
        id: randomUUID(),
        eventId: id,
        seccionId,
        personaIds: unique,
        createdBy: actor.userId,
      });
      const mass = toMassResponse(row);
      await tx.record({ type: 'seating.mass-assign-requested', resourceId: id, payload: { event_id: id, mass } });
      return { message: SEATING_MESSAGES.massQueued, job_id: mass.job_id, mass_assignment: mass };
    });
  }

  async massAssignment(id: number, massId: string): Promise<MassAssignmentResponse> {
    const row = await this.repo.findMass(massId);
    if (!row || row.evento_interno_id !== id) throw new DomainException(ErrorCode.NotFound, SEATING_MESSAGES.massNotFound);
    return toMassResponse(row);
  }

  /** Undo of the event's last mass assignment: releases exactly the seats it gave that are still held under it. */
  async undoMass(id: number, massId: string, actor: EventActor) {
    await this.assertEvent(id);
    return this.uow.run(actor, async (tx) => {
      const mass = await this.repo.lockMass(tx.manager, massId);
      if (!mass || mass.evento_interno_id !== id) throw new DomainException(ErrorCode.NotFound, SEATING_MESSAGES.massNotFound);
      if (mass.undone_at) throw new DomainException(ErrorCode.Conflict, SEATING_MESSAGES.alreadyUndone);
      const last = await this.repo.lastMass(id, tx.manager);
      if (last?.id !== mass.id || mass.status !== 'completed') throw new DomainException(ErrorCode.Conflict, SEATING_MESSAGES.onlyLastUndo);
      const released = await this.repo.undoMass(tx.manager, mass);
      const version = (await this.recordReleased(tx, id, released, mass.id))!;
      const n = released.length;
      return {
        message: `Asignación masiva deshecha: ${n} ${n === 1 ? 'asiento liberado' : 'asientos liberados'}.`,
        released_count: n,
        version,
      };
    });
  }
}
