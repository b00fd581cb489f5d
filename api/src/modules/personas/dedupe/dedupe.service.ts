import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import type { DuplicatePair, DuplicatePersona, DuplicatesPage } from '@shared/contracts/personas.contract';
import type { EventActor } from '@shared/events/domain-events';
import { DUPLICATES_PER_PAGE } from '../personas.constants';
import { fullName, isCandidate, scorePair } from './dedupe-rules';
import { DedupeKeyer } from './dedupe-keyer';
import { DedupeRepository, type DedupeRow } from './dedupe.repository';
import type { DedupeSettings } from './dedupe.settings';

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
  created_at: new Date(r.created_at).toISOString(),
});

/**
 * Possible duplicates in the people database (issue 32 §1): keys every person for the blocking step, lists the pairs
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

  /** Every pair scoring at least the setting, best first (then oldest records first), one page. */
  async page(page: number): Promise<DuplicatesPage> {
    const pairs = await this.allPairs();
    const from = (page - 1) * DUPLICATES_PER_PAGE;
    return {
      data: pairs.slice(from, from + DUPLICATES_PER_PAGE),
      current_page: page,
      last_page: Math.max(1, Math.ceil(pairs.length / DUPLICATES_PER_PAGE)),
      per_page: DUPLICATES_PER_PAGE,
      total: pairs.length,
      min_score: this.config.personasDuplicateMinScore,
    };
  }

  /** The scored candidate pairs: blocks from the database, scores by dedupe-rules. */
  async allPairs(): Promise<DuplicatePair[]> {
    await this.keyer.keyMissing();
    const candidates = await this.repo.candidatePairs(this.config.personasDuplicateBlockMax);
    const ids = [...new Set(candidates.flatMap((c) => [c.a, c.b]))];
    const people = new Map((await this.repo.people(ids)).map((r) => [r.id, r]));
    const scored: DuplicatePair[] = [];
    for (const { a, b } of candidates) {
      const pa = people.get(a);
      const pb = people.get(b);
      if (!pa || !pb) continue; // deleted meanwhile
      const s = scorePair(pa, pb);
      if (!isCandidate(s, this.config.personasDuplicateMinScore)) continue;
      scored.push({ personas: [toDuplicatePersona(pa), toDuplicatePersona(pb)], score: s.score, reasons: s.reasons });
    }
    return scored.sort((x, y) => y.score - x.score || x.personas[0].id - y.personas[0].id || x.personas[1].id - y.personas[1].id);
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
