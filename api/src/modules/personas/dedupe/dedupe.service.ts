import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import type {
  DuplicatePair,
  DuplicatePersona,
  DuplicatesPage,
  ImportDuplicateRow,
  ImportDuplicates,
} from '@shared/contracts/personas.contract';
import type { EventActor } from '@shared/events/domain-events';
import { DUPLICATES_PER_PAGE } from '../personas.constants';
import { dedupeKey, searchText, sortKey } from '@shared/rules/persona-rules';
import { PersonasError } from '../personas.errors';
import { fullName } from '@core/format/person-names';
import type { StoredPair } from './dedupe-pairs';
import { DedupeKeyer } from './dedupe-keyer';
import { DedupeRepository, type DedupeRow, type ImportMatchRow } from './dedupe.repository';

const IMPORT_NOT_FOUND = 'La importación no existe.';
import type { DedupeSettings } from './dedupe.settings';
import { iso } from '@core/format/iso';

const toDuplicatePersona = (r: DedupeRow): DuplicatePersona => ({
  id: r.id,
  nombre_completo: fullName(r),
  fecha_nacimiento: r.fecha_nacimiento,
  telefono_celular: r.telefono_celular,
  telefono_oficina: r.telefono_oficina,
  correo_electronico: r.correo_electronico,
  empresa: r.empresa,
  puesto: r.puesto,
  completeness_level: r.completeness_level,
  created_at: iso(r.created_at)!,
});

/**
 * Possible duplicates in the people database: keys every person for the blocking step, lists the pairs
 * above the score setting, best first, and sets pairs aside ('No es duplicado').
 */
@Injectable()
export class DedupeService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & DedupeSettings,
    private readonly uow: UnitOfWork,
    private readonly repo: DedupeRepository,
    private readonly keyer: DedupeKeyer,
  ) {}

  /**
   * Every pair scoring at least the setting, best first (then smaller ids first), one page: read from the stored pairs
   * (`persona_duplicado_pares`, written with each person's keys: dedupe-pairs.ts), one index walk and a count.
   */
  async page(page: number): Promise<DuplicatesPage> {
    const min = this.config.personasDuplicateMinScore;
    const [pairs, total] = await Promise.all([
      this.repo.storedPairs(min, DUPLICATES_PER_PAGE, (page - 1) * DUPLICATES_PER_PAGE),
      this.repo.countStoredPairs(min),
    ]);
    return {
      data: await this.withPeople(pairs),
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / DUPLICATES_PER_PAGE)),
      per_page: DUPLICATES_PER_PAGE,
      total,
      min_score: min,
    };
  }

  /**
   * The whole list, in the page's order (the benchmark's recall and precision). A read only: pairs are written with the
   * people (the screens, the import, a merge) and by the `personas.dedupe-keys` job for any other path.
   */
  async allPairs(): Promise<DuplicatePair[]> {
    return this.withPeople(await this.repo.storedPairs(this.config.personasDuplicateMinScore, null, 0));
  }

  private async withPeople(pairs: StoredPair[]): Promise<DuplicatePair[]> {
    const people = new Map((await this.repo.people([...new Set(pairs.flatMap((p) => [p.a, p.b]))])).map((r) => [r.id, r]));
    const out: DuplicatePair[] = [];
    for (const { a, b, score, reasons } of pairs) {
      const pa = people.get(a);
      const pb = people.get(b);
      if (!pa || !pb) continue; // deleted between the two reads
      out.push({ personas: [toDuplicatePersona(pa), toDuplicatePersona(pb)], score, reasons });
    }
    return out;
  }

  /** The rows of an import that matched a stored person: the ones skipped, and the ones waiting for review. */
  async importDuplicates(importId: string): Promise<ImportDuplicates> {
    if (!(await this.repo.importExists(importId))) throw new DomainException(ErrorCode.NotFound, IMPORT_NOT_FOUND);
    const rows = await this.repo.importMatches(importId);
    const ids = rows.map((r) => r.persona_id).filter((id): id is number => id !== null);
    const people = new Map((await this.repo.people(ids)).map((r) => [r.id, toDuplicatePersona(r)]));
    const toRow = (r: ImportMatchRow): ImportDuplicateRow => ({
      fila: r.fila,
      tipo: r.tipo,
      nombre_completo: fullName(r),
      telefono_celular: r.telefono_celular,
      persona: r.persona_id === null ? null : (people.get(r.persona_id) ?? null),
      score: r.score,
      reasons: r.reasons,
      estado: r.estado,
      creada_id: r.creada_id,
    });
    return {
      import_id: importId,
      omitidas: rows.filter((r) => r.tipo === 'omitida').map(toRow),
      por_revisar: rows.filter((r) => r.tipo === 'revision').map(toRow),
    };
  }

  /**
   * Decides a row waiting for review: 'crear' writes the person as the import would have, 'descartar' leaves it out
   * for good. 404 for a row that is not in the review list, 409 for one already decided (two staff at once: one wins).
   */
  async decideImportRow(importId: string, fila: number, accion: 'crear' | 'descartar', actor: EventActor): Promise<ImportDuplicateRow> {
    if (!(await this.repo.importExists(importId))) throw new DomainException(ErrorCode.NotFound, IMPORT_NOT_FOUND);
    await this.uow.run(actor, async (tx) => {
      const estado = accion === 'crear' ? 'creada' : 'descartada';
      const { row, decided } = await this.repo.decideReview(tx.manager, importId, fila, estado, actor.userId);
      if (!row) throw new DomainException(ErrorCode.NotFound, 'La fila no está en la lista de revisión.');
      if (!decided) throw new DomainException(PersonasError.ReviewDecided, 'Esta fila ya fue revisada.');
      let personaId: number | null = null;
      if (accion === 'crear') {
        const person = { nombre: row.nombre, apellido_paterno: row.apellido_paterno, apellido_materno: row.apellido_materno };
        const values = {
          ...person,
          telefono_celular: row.telefono_celular,
          search_text: searchText({ ...person, telefono_celular: row.telefono_celular }),
          sort_key: sortKey(person),
          dedupe_key: dedupeKey(row.nombre, row.apellido_paterno, row.apellido_materno, row.telefono_celular),
        };
        try {
          personaId = await this.repo.insertImported(tx.manager, values, importId, fila, actor.userId);
        } catch (err) {
          if ((err as { driverError?: { code?: string } }).driverError?.code === '23505')
            throw new DomainException(PersonasError.DuplicatePerson, 'Ya existe una persona con el mismo nombre y teléfono.');
          throw err;
        }
        await this.keyer.rekey(tx.manager, personaId, values);
        await tx.record({ type: 'persona.created', resourceId: personaId, payload: { persona_id: personaId } });
      }
      await tx.record({
        type: 'persona-import.review-decided',
        resourceId: importId,
        payload: { import_id: importId, fila, estado, persona_id: personaId },
      });
    });
    const answer = await this.importDuplicates(importId);
    return answer.por_revisar.find((r) => r.fila === fila)!;
  }

  /** 'No es duplicado': the pair is never listed again. 422 for the same person twice, 404 when one does not exist. */
  async dismiss(ids: number[], actor: EventActor): Promise<{ persona_ids: [number, number]; created: boolean }> {
    const [a, b] = [Math.min(ids[0], ids[1]), Math.max(ids[0], ids[1])];
    if (a === b) throw DomainException.validation({ persona_ids: ['Indica dos personas distintas.'] }, 'Indica dos personas distintas.');
    return this.uow.run(actor, async (tx) => {
      if ((await this.repo.lockExisting(tx.manager, [a, b])) !== 2) throw new DomainException(ErrorCode.NotFound, 'La persona no existe.');
      const created = await this.repo.dismiss(tx.manager, a, b, actor.userId);
      if (created) await tx.record({ type: 'persona.duplicate-dismissed', resourceId: a, payload: { persona_ids: [a, b] } });
      return { persona_ids: [a, b] as [number, number], created };
    });
  }
}
