import { Injectable } from '@nestjs/common';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import { PersonReferencesRegistry } from '@core/privacy/person-references';
import { PERSONA_FIELDS, type MergeMoved, type MergeResponse, type PersonaField } from '@shared/contracts/personas.contract';
import type { EventActor } from '@shared/events/domain-events';
import { completeness, dedupeKey, searchText, sortKey, type CompletenessInput } from '@shared/rules/persona-rules';
import { mergedValues, preselectMerge, type MergeChoice } from '@shared/rules/persona-merge';
import { DedupeKeyer } from '../dedupe/dedupe-keyer';
import type { DedupePerson } from '../dedupe/dedupe-rules';
import { PersonasError } from '../personas.errors';
import type { MergeDto } from '../personas.dto';
import { MergeRepository, type MergeRow } from './merge.repository';
import { iso } from '@core/format/iso';

const PERSONA_NOT_FOUND = 'La persona no existe.';
const BUSY = 'Otra persona del equipo está fusionando a alguna de estas personas en este momento. Vuelve a cargar la lista.';

const isDriverError = (err: unknown, code: string) => (err as { driverError?: { code?: string } }).driverError?.code === code;

export const toMergeResponse = (r: MergeRow): MergeResponse => ({
  id: r.id,
  sobreviviente_id: r.sobreviviente_id,
  fusionar_ids: r.fusionar_ids,
  campos: r.campos,
  movidos: r.movidos,
  created_at: iso(r.created_at)!,
  deshecha_at: iso(r.deshecha_at),
});

/**
 * Merging people into one (docs/decisions/personas.md «Fusionar personas»): per field whose value wins, every
 * reference moved to the survivor, one audited action — and its undo, which writes back exactly what was there
 * (the mass-seating undo's rule: only while what it would overwrite is still the merge's own).
 */
@Injectable()
export class MergeService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: MergeRepository,
    private readonly keyer: DedupeKeyer,
    private readonly references: PersonReferencesRegistry,
  ) {}

  async merge(dto: MergeDto, actor: EventActor): Promise<MergeResponse> {
    const survivor = dto.sobreviviente_id;
    const merged = dto.fusionar_ids;
    if (merged.includes(survivor))
      throw DomainException.validation({ fusionar_ids: ['La persona que se conserva no puede estar entre las que se fusionan.'] });
    const ids = [survivor, ...merged];
    const campos = this.checkFields(dto.campos ?? {}, ids);
    try {
      return await this.uow.run(actor, async (tx) => {
        const m = tx.manager;
        const found = await this.repo.lockPeople(m, ids);
        if (found.length !== ids.length) {
          const missing = ids.filter((id) => !found.includes(id));
          if ((await this.repo.mergedAway(m, missing)).length)
            throw new DomainException(
              PersonasError.MergeConflict,
              'Alguna de estas personas ya fue fusionada con otra. Vuelve a cargar la lista.',
            );
          throw new DomainException(ErrorCode.NotFound, PERSONA_NOT_FOUND);
        }
        const rows = await this.repo.people(m, ids);
        const people = ids.map((id) => rows.find((r) => r.id === id)!);
        // Every area's rows of these people, locked in its own writers' order, before they are read.
        for (const holder of this.references.all()) await holder.lock?.(m, ids);
        const choice: MergeChoice = { ...preselectMerge(people), ...campos };
        const values: Record<string, string | number | null> = mergedValues(people, choice);
        values.apellido_paterno ??= '';
        values.apellido_materno ??= '';
        const person = values as unknown as DedupePerson;
        const derived = values as unknown as CompletenessInput;
        const antes = await this.repo.snapshot(m, ids);

        // Every area's references first (invitations, seats, door), the people database's own last.
        const movidos: MergeMoved = { invitaciones: 0, invitaciones_liberadas: 0, asientos: 0, filas_importacion: 0, bitacora: 0 };
        const cambios: Record<string, number[]> = {};
        for (const holder of this.references.all()) {
          const moved = await holder.move(tx, survivor, merged);
          Object.assign(movidos, moved.counts);
          if (moved.changed?.length) cambios[holder.area] = moved.changed;
        }
        await this.repo.deletePeople(m, merged);
        try {
          await this.repo.updateSurvivor(m, survivor, {
            ...values,
            completeness_level: completeness(derived).level,
            search_text: searchText(derived),
            sort_key: sortKey(derived),
            dedupe_key: dedupeKey(
              String(values.nombre ?? ''),
              String(values.apellido_paterno),
              String(values.apellido_materno),
              (values.telefono_celular ?? values.telefono_oficina ?? null) as string | null,
            ),
          });
        } catch (err) {
          if (isDriverError(err, '23505'))
            throw new DomainException(
              PersonasError.DuplicatePerson,
              'Ya existe otra persona con el mismo nombre y teléfono que el resultado.',
            );
          throw err;
        }
        await this.keyer.rekey(m, survivor, person);

        const row = await this.repo.insertMerge(
          m,
          {
            sobreviviente_id: survivor,
            fusionar_ids: merged,
            campos: choice,
            movidos,
            antes,
            despues_md5: await this.repo.fingerprint(m, ids),
          },
          actor.userId,
        );
        await tx.record({
          type: 'persona.merged',
          resourceId: survivor,
          payload: {
            fusion_id: row.id,
            sobreviviente_id: survivor,
            fusionar_ids: merged,
            cambios,
          },
        });
        return toMergeResponse(row);
      });
    } catch (err) {
      if (isDriverError(err, '55P03')) throw new DomainException(PersonasError.MergeConflict, BUSY);
      throw err;
    }
  }

  /**
   * Undoes a merge: the merged people come back with their ids, invitations, seats and the rest, the survivor as it
   * was. 404 for an unknown merge; 409 when it was undone already, or when any of its rows changed since (a later
   * edit, attendance or merge: writing the old rows back would throw that work away).
   */
  async undo(id: string, actor: EventActor): Promise<MergeResponse> {
    try {
      return await this.uow.run(actor, async (tx) => {
        const m = tx.manager;
        const row = await this.repo.lockMerge(m, id);
        if (!row) throw new DomainException(ErrorCode.NotFound, 'La fusión no existe.');
        if (row.deshecha_at) throw new DomainException(PersonasError.MergeNotUndoable, 'Esta fusión ya se deshizo.');
        const ids = [row.sobreviviente_id, ...row.fusionar_ids];
        await this.repo.lockPeople(m, ids);
        for (const holder of this.references.all()) await holder.lock?.(m, ids);
        if ((await this.repo.fingerprint(m, ids)) !== row.despues_md5)
          throw new DomainException(
            PersonasError.MergeNotUndoable,
            'Estas personas cambiaron después de la fusión; deshacerla borraría esos cambios.',
          );
        await this.repo.restore(m, ids, row.antes);
        // The keys came back as they were; the pairs are scored again against everyone as they are now.
        await this.keyer.repair(m, ids);
        const cambios: Record<string, number[]> = {};
        for (const holder of this.references.all()) {
          const changed = (await holder.restored?.(tx, row.antes)) ?? [];
          if (changed.length) cambios[holder.area] = changed;
        }
        const undone = await this.repo.markUndone(m, id, actor.userId);
        await tx.record({
          type: 'persona.merge-undone',
          resourceId: row.sobreviviente_id,
          payload: { fusion_id: id, sobreviviente_id: row.sobreviviente_id, fusionar_ids: row.fusionar_ids, cambios },
        });
        return toMergeResponse(undone);
      });
    } catch (err) {
      if (isDriverError(err, '55P03')) throw new DomainException(PersonasError.MergeConflict, BUSY);
      throw err;
    }
  }

  /** `campos`: known fields, each naming one of the people of the merge; errors per field. */
  private checkFields(campos: Record<string, unknown>, ids: number[]): Partial<MergeChoice> {
    const errors: Record<string, string[]> = {};
    const out: Partial<MergeChoice> = {};
    for (const [field, id] of Object.entries(campos)) {
      if (!(PERSONA_FIELDS as readonly string[]).includes(field)) errors[`campos.${field}`] = ['Este campo no existe.'];
      else if (typeof id !== 'number' || !ids.includes(id))
        errors[`campos.${field}`] = ['Elige el valor de una de las personas de la fusión.'];
      else out[field as PersonaField] = id;
    }
    if (Object.keys(errors).length) throw DomainException.validation(errors);
    return out;
  }
}
