import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '@core/access/current-user';
import { can } from '@shared/permissions';
import { ATTENDEES_PUSH_MAX_ROWS, CONFIRMATION_CODE_RETRIES } from './internal-events.constants';
import {
  isConfirmationCode,
  normalizeConfirmationCode,
  type AsistenteResponse,
  type AvailablePersonasResponse,
  type InternalEventResponse,
  type PublicConfirmResponse,
  type PublicInternalEvent,
  type SeatRef,
} from '@shared/contracts/internal-events.contract';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { InternalEventsError } from './internal-events.errors';
import type { EventActor } from '@shared/events/domain-events';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import { searchTerm } from '@shared/rules/persona-rules';
import { claimSlug } from '@core/database/slugs';
import { slugify } from '@shared/rules/slug';
import { distinctConfirmationCodes } from '@modules/internal-events/confirmation-codes';
import { SeatingService } from '../seating/seating.service';
import { ConfirmationThrottle } from './confirmation-throttle';
import type {
  AssignEspacioDto,
  AvailablePersonasQueryDto,
  CreateInternalEventDto,
  InternalEventsQueryDto,
  UpdateAsistenteDto,
  UpdateInternalEventDto,
} from './internal-events.dto';
import {
  toAsistenteResponse,
  toEspacioSummary,
  toInternalEventResponse,
  toPersonaDisponible,
  toPublicInternalEvent,
} from './internal-events.mapper';
import {
  INTERNAL_EVENT_SLUGS,
  InternalEventsRepository,
  type AsistenteRow,
  type InternalEventRow,
  type InternalEventValues,
} from './internal-events.repository';

export const EVENT_NOT_FOUND = 'El evento no existe.';
export const ATTENDEE_NOT_FOUND = 'La persona no es asistente de este evento.';
export const PUBLIC_NOT_FOUND = 'Este evento no está disponible o no existe.';
/** The one answer to a wrong code: it says nothing about which codes exist. */
export const WRONG_CODE = 'Código inválido. Verifica tu código e intenta nuevamente.';
export const CODE_FORMAT = 'Por favor ingresa un código válido de 5 caracteres.';
export const SECTION_REQUIRED = 'Por favor selecciona una sección';
const DAY_MS = 24 * 60 * 60 * 1000;

function values(dto: CreateInternalEventDto | UpdateInternalEventDto, estado: InternalEventValues['estado']): InternalEventValues {
  const fecha_evento = new Date(dto.fecha_evento);
  const fecha_fin = dto.fecha_fin ? new Date(dto.fecha_fin) : null;
  if (fecha_fin && fecha_fin < fecha_evento) {
    throw DomainException.validation({ fecha_fin: ['La fecha de fin no puede ser anterior a la de inicio.'] });
  }
  return {
    titulo: dto.titulo,
    descripcion: dto.descripcion ?? null,
    fecha_evento,
    fecha_fin,
    ubicacion: dto.ubicacion ?? null,
    tipo: dto.tipo,
    estado,
    notas: dto.notas ?? [],
    aforo_maximo: dto.aforo_maximo ?? null,
  };
}

/** A slug always has a letter, so a number in the public link is always the id. */
function baseSlug(titulo: string): string {
  const s = slugify(titulo);
  return /[a-z]/.test(s) ? s : `evento-${s}`.slice(0, 60);
}

/**
 * Internal events (spec 2; issue 12): events, invited attendees with their confirmation codes, the
 * confirmation cycle, seats given in the event's space, and the public confirmation. Each change and
 * its domain event commit together (UnitOfWork); the rules that must hold under concurrency are
 * constraints or single statements, named beside each method.
 */
@Injectable()
export class InternalEventsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: InternalEventsRepository,
    private readonly throttle: ConfirmationThrottle,
    private readonly seating: SeatingService,
  ) {}

  private async responses(rows: InternalEventRow[], manager?: EntityManager): Promise<InternalEventResponse[]> {
    const ids = rows.map((r) => r.id);
    const [espacios, assigned, failed] = await Promise.all([
      this.repo.espaciosOf(ids, manager),
      this.seating.assignedBySeccion(ids, manager),
      this.repo.failedAttemptsSince(ids, new Date(Date.now() - DAY_MS)),
    ]);
    return rows.map((r) =>
      toInternalEventResponse(
        r,
        (espacios.get(r.id) ?? []).map((e) => toEspacioSummary(e, assigned.get(r.id))),
        failed.get(r.id) ?? 0,
      ),
    );
  }

  private async responseInTx(tx: Transaction, id: number): Promise<InternalEventResponse> {
    const row = await this.repo.findById(id, tx.manager);
    if (!row) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
    return (await this.responses([row], tx.manager))[0];
  }

  /** Attendees with their seats (seating's, read in one query). */
  private async withSeats(id: number, rows: AsistenteRow[], manager?: EntityManager): Promise<AsistenteResponse[]> {
    const seats = await this.seating.seatsOf(
      id,
      rows.map((r) => r.id),
      manager,
    );
    return rows.map((r) => toAsistenteResponse(r, seats.get(r.id) ?? null));
  }

  private async asistenteInTx(tx: Transaction, id: number, personaId: number): Promise<AsistenteResponse> {
    return (await this.withSeats(id, [(await this.repo.asistente(id, personaId, tx.manager))!], tx.manager))[0];
  }

  async list(query: InternalEventsQueryDto): Promise<InternalEventResponse[]> {
    return this.responses(await this.repo.list({ estado: query.estado, tipo: query.tipo }));
  }

  async get(id: number): Promise<InternalEventResponse> {
    const row = await this.repo.findById(id);
    if (!row) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
    return (await this.responses([row]))[0];
  }

  async create(dto: CreateInternalEventDto, actor: EventActor): Promise<InternalEventResponse> {
    const v = values(dto, dto.estado ?? 'borrador');
    return this.uow.run(actor, async (tx) => {
      const slug = await claimSlug(tx.manager, INTERNAL_EVENT_SLUGS, baseSlug(dto.titulo));
      const id = await this.repo.insert(tx.manager, { ...v, slug, created_by: actor.userId });
      const event = await this.responseInTx(tx, id);
      await tx.record({ type: 'internal-event.created', resourceId: id, payload: { event } });
      return event;
    });
  }

  /** The slug stays when the title changes: shared links keep working. The space is not changed here (assign-espacio). */
  async update(id: number, dto: UpdateInternalEventDto, actor: EventActor): Promise<InternalEventResponse> {
    return this.uow.run(actor, async (tx) => {
      const current = await this.repo.lockById(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
      const v = values(dto, dto.estado ?? current.estado);
      if (dto.notas === undefined || dto.aforo_maximo === undefined) {
        const stored = (await this.repo.findById(id, tx.manager))!;
        if (dto.notas === undefined) v.notas = stored.notas;
        if (dto.aforo_maximo === undefined) v.aforo_maximo = stored.aforo_maximo;
      }
      await this.repo.update(tx.manager, id, v);
      const event = await this.responseInTx(tx, id);
      await tx.record({ type: 'internal-event.updated', resourceId: id, payload: { event } });
      return event;
    });
  }

  /** Only an event in borrador may be deleted (spec 2 §4); the check and the delete hold the row lock. */
  async remove(id: number, actor: EventActor): Promise<void> {
    await this.uow.run(actor, async (tx) => {
      const current = await this.repo.lockById(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
      if (current.estado !== 'borrador') {
        throw new DomainException(ErrorCode.OnlyDraftsDeletable, 'Solo se pueden eliminar eventos internos en estado borrador.');
      }
      await this.repo.delete(tx.manager, id);
      await tx.record({ type: 'internal-event.deleted', resourceId: id, payload: { event_id: id } });
    });
  }

  private async assertEvent(id: number): Promise<InternalEventRow> {
    const row = await this.repo.findById(id);
    if (!row) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
    return row;
  }

  // ------------------------------------------------------------------ attendees

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

  /**
   * Admitted at the door (issue 28; today's check-in, through the door engine): marks the person 'asistio' — the
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
    const asistente = await this.asistenteInTx(tx, id, personaId);
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
    const [asistente] = await this.withSeats(id, [row]);
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

  /**
   * Sets the event's space (one per event here; null = none). Changing it releases every assigned seat,
   * so without replace_existing the answer is 409 requires_confirmation (spec 2 §4). The seats go through
   * seating (one versioned delta) before the event row is locked: seat rows and the seating version come
   * before the event row in every transaction that touches both.
   */
  async assignEspacio(id: number, dto: AssignEspacioDto, actor: EventActor) {
    return this.uow.run(actor, async (tx) => {
      if (!(await this.repo.findById(id, tx.manager))) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
      const espacioId = dto.espacio_id ?? null;
      if (espacioId !== null && !(await this.repo.activeEspacioExists(tx.manager, espacioId))) {
        throw DomainException.validation({ espacio_id: ['El espacio no existe o no está activo.'] });
      }
      const current = await this.repo.currentEspacioIds(tx.manager, id);
      const same = espacioId === null ? current.length === 0 : current.length === 1 && current[0] === espacioId;
      let released = 0;
      if (!same) {
        const assigned = await this.seating.countAssigned(tx, id);
        if (assigned > 0 && !dto.replace_existing) {
          throw new DomainException(
            ErrorCode.Conflict,
            `Este evento tiene ${assigned} asiento(s) asignado(s) en el espacio actual. Si cambias el espacio se liberarán todas las asignaciones. ¿Deseas continuar?`,
            undefined,
            undefined,
            { requires_confirmation: true, assigned_seats: assigned },
          );
        }
        released = (await this.seating.releaseAll(tx, id)).length;
      }
      if (!(await this.repo.lockById(tx.manager, id))) throw new DomainException(ErrorCode.NotFound, EVENT_NOT_FOUND);
      if (!same) await this.repo.replaceEspacio(tx.manager, id, espacioId);
      await this.repo.setSeatSelection(tx.manager, id, espacioId !== null && (dto.permite_seleccion_asiento ?? true));
      const event = await this.responseInTx(tx, id);
      await tx.record({ type: 'internal-event.updated', resourceId: id, payload: { event } });
      return {
        message: same ? 'Espacio actualizado exitosamente' : 'Espacio cambiado exitosamente',
        released_count: released,
        event,
      };
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

  // ------------------------------------------------------------------ public

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
        const asistente = await this.asistenteInTx(tx, event.id, personaId);
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
