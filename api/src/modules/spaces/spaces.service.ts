import { Injectable } from '@nestjs/common';
import { HeldSeats } from '@shared/contracts/seating.contract';
import { SECTION_COLORS, SECTION_DEFAULTS, SPACE_LIMITS, type EspacioResponse } from '@shared/contracts/spaces.contract';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import type { EventActor } from '@shared/events/domain-events';
import type { Transaction } from '@core/outbox/unit-of-work';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import { computeSeatLayout, listSeats } from '@shared/rules/seat-layout';
import type { EspacioDto } from './spaces.dto';
import { toEspacioResponse } from './spaces.mapper';
import { SpacesRepository, type EspacioFields, type SeatColumns, type SeccionWrite } from './spaces.repository';

export const SPACE_NOT_FOUND = 'El espacio no existe.';
/** Spec 3 §4, §8. */
export const SPACE_INACTIVE_EDIT = 'No se puede editar un espacio inactivo. Actívalo primero.';

export function assignedSeatsMessage(n: number): string {
  const count = n > 0 ? `${n} asiento${n === 1 ? '' : 's'} ya asignado${n === 1 ? '' : 's'}` : 'asientos ya asignados';
  return `No se puede guardar el espacio: el cambio quitaría ${count} en eventos. Libera esos asientos o conserva las secciones, filas y asientos que están en uso.`;
}

/** What the form sent, with the defaults of spec 3 §3, §9 applied and the codes checked. */
function sectionsToWrite(dto: EspacioDto): SeccionWrite[] {
  const errors: Record<string, string[]> = {};
  const seen = new Map<string, number>();
  dto.secciones.forEach((s, i) => {
    const first = seen.get(s.codigo);
    if (first !== undefined)
      errors[`secciones.${i}.codigo`] = [
        `El código ${s.codigo} ya se usa en la sección ${first + 1}; cada sección necesita un código distinto.`,
      ];
    else seen.set(s.codigo, i);
  });
  const capacity = dto.secciones.reduce((n, s) => n + s.filas * s.asientos_por_fila, 0);
  if (capacity > SPACE_LIMITS.capacidad) {
    errors.secciones = [`La capacidad total no puede pasar de ${SPACE_LIMITS.capacidad.toLocaleString('es-MX')} asientos.`];
  }
  if (Object.keys(errors).length) throw DomainException.validation(errors);
  return dto.secciones.map((s, i) => ({
    nombre: s.nombre,
    codigo: s.codigo,
    color: (s.color ?? SECTION_COLORS[i % SECTION_COLORS.length]).toUpperCase(),
    orden: i,
    filas: s.filas,
    asientosPorFila: s.asientos_por_fila,
    posicionX: s.posicion_x ?? SECTION_DEFAULTS.posicion_x,
    posicionY: s.posicion_y ?? i * SECTION_DEFAULTS.posicion_y_step,
    precioBase: s.precio_base ?? null,
  }));
}

/** Every seat of the space, labelled by the one seat-label engine, as columns for one statement. */
function seatsOf(secciones: SeccionWrite[], layoutConfig: string | null): SeatColumns {
  const layout = computeSeatLayout(
    secciones.map((s) => ({ codigo: s.codigo, filas: s.filas, asientos_por_fila: s.asientosPorFila })),
    layoutConfig,
  );
  const seats = listSeats(layout);
  return {
    seccionCodigos: seats.map((s) => s.sectionCode),
    filas: seats.map((s) => s.fila),
    numeros: seats.map((s) => s.numero),
    codigos: seats.map((s) => s.codigo),
  };
}

function fieldsOf(dto: EspacioDto): EspacioFields {
  return {
    nombre: dto.nombre,
    descripcion: dto.descripcion ?? null,
    layoutConfig: dto.layout_config ?? null,
    pasillos: dto.pasillos ?? [],
  };
}

@Injectable()
export class SpacesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly spaces: SpacesRepository,
    /** Which seats an event holds is seating's (an edit that would delete one is refused). */
    private readonly heldSeats: HeldSeats,
  ) {}

  async list(active?: boolean): Promise<EspacioResponse[]> {
    const rows = await this.spaces.list(active);
    const secciones = await this.spaces.seccionesOf(rows.map((r) => r.id));
    return rows.map((r) => toEspacioResponse(r, secciones));
  }

  async get(id: number): Promise<EspacioResponse> {
    const row = await this.spaces.findById(id);
    if (!row) throw new DomainException(ErrorCode.NotFound, SPACE_NOT_FOUND);
    return toEspacioResponse(row, await this.spaces.seccionesOf([id]));
  }

  async create(dto: EspacioDto, actor: EventActor): Promise<EspacioResponse> {
    const secciones = sectionsToWrite(dto);
    const fields = fieldsOf(dto);
    const seats = seatsOf(secciones, fields.layoutConfig);
    return this.uow.run(actor, async (tx) => {
      const id = await this.spaces.insert(tx.manager, fields, actor.userId);
      await this.spaces.upsertSecciones(tx.manager, id, secciones);
      await this.spaces.writeSeats(tx.manager, id, seats);
      return this.recorded(tx, 'space.created', id);
    });
  }

  /**
   * Replaces the space's name, sections and layout. Kept seats (same section código, fila, numero)
   * keep their id; an edit that would delete a seat some event assigned is refused whole (409).
   */
  async update(id: number, dto: EspacioDto, actor: EventActor): Promise<EspacioResponse> {
    const secciones = sectionsToWrite(dto);
    const fields = fieldsOf(dto);
    const seats = seatsOf(secciones, fields.layoutConfig);
    try {
      return await this.uow.run(actor, async (tx) => {
        const current = await this.spaces.lockForUpdate(tx.manager, id);
        if (!current) throw new DomainException(ErrorCode.NotFound, SPACE_NOT_FOUND);
        if (!current.is_active) throw new DomainException(ErrorCode.Conflict, SPACE_INACTIVE_EDIT);
        await this.spaces.update(tx.manager, id, fields);
        await this.spaces.upsertSecciones(tx.manager, id, secciones);
        // Guarded by the seat assignments' foreign key (ON DELETE RESTRICT): the whole edit rolls back.
        await this.spaces.writeSeats(tx.manager, id, seats);
        await this.spaces.deleteSeccionesExcept(
          tx.manager,
          id,
          secciones.map((s) => s.codigo),
        );
        return this.recorded(tx, 'space.updated', id);
      });
    } catch (err) {
      if (!this.heldSeats.isHeldSeatDeletion(err)) throw err;
      const affected = await this.heldSeats.countHeld(await this.spaces.seatsMissing(id, seats));
      throw new DomainException(ErrorCode.Conflict, assignedSeatsMessage(affected));
    }
  }

  /** DELETE deactivates (spec 3 §4): the data stays. Deactivating an inactive space changes nothing. */
  async deactivate(id: number, actor: EventActor): Promise<EspacioResponse> {
    return this.uow.run(actor, async (tx) => {
      const current = await this.spaces.lockForUpdate(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, SPACE_NOT_FOUND);
      if (!current.is_active) return this.read(tx, id);
      await this.spaces.setActive(tx.manager, id, false);
      return this.recorded(tx, 'space.deactivated', id);
    });
  }

  async toggleActive(id: number, actor: EventActor): Promise<EspacioResponse> {
    return this.uow.run(actor, async (tx) => {
      const current = await this.spaces.lockForUpdate(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, SPACE_NOT_FOUND);
      await this.spaces.setActive(tx.manager, id, !current.is_active);
      return this.recorded(tx, current.is_active ? 'space.deactivated' : 'space.activated', id);
    });
  }

  private async read(tx: Transaction, id: number): Promise<EspacioResponse> {
    const row = (await this.spaces.findById(id, tx.manager))!;
    return toEspacioResponse(row, await this.spaces.seccionesOf([id], tx.manager));
  }

  private async recorded(
    tx: Transaction,
    type: 'space.created' | 'space.updated' | 'space.deactivated' | 'space.activated',
    id: number,
  ): Promise<EspacioResponse> {
    const espacio = await this.read(tx, id);
    await tx.record({ type, resourceId: id, payload: { espacio } });
    return espacio;
  }
}
