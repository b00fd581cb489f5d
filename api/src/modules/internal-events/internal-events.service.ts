import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { InternalEventResponse } from '@shared/contracts/internal-events.contract';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import type { EventActor } from '@shared/events/domain-events';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import { claimSlug } from '@core/database/slugs';
import { slugify } from '@shared/rules/slug';
import { SeatingService } from '../seating/seating.service';
import type { AssignEspacioDto, CreateInternalEventDto, InternalEventsQueryDto, UpdateInternalEventDto } from './internal-events.dto';
import { toEspacioSummary, toInternalEventResponse } from './internal-events.mapper';
import {
  INTERNAL_EVENT_SLUGS,
  InternalEventsRepository,
  type InternalEventRow,
  type InternalEventValues,
} from './internal-events.repository';

export const EVENT_NOT_FOUND = 'El evento no existe.';
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
 * Internal events (spec 2): the events themselves and their space. The invited people are
 * AttendeesService's, the door's admission CheckInService's, the invited person's page
 * PublicInternalEventsService's. Each change and its domain event commit together (UnitOfWork); the rules
 * that must hold under concurrency are constraints or single statements, named beside each method.
 */
@Injectable()
export class InternalEventsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: InternalEventsRepository,
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
}
