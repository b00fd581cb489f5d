import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { isCandidate, scorePair, type PairScore } from './dedupe-rules';
import { DedupeKeyer } from './dedupe-keyer';
import { DedupeRepository, type ImportMatch } from './dedupe.repository';
import type { DedupeSettings } from './dedupe.settings';

/**
 * The import's side of possible duplicates: once a CSV import's people are written (by COPY, as fast
 * as before), each is compared with the people stored before it through the blocking keys. A row that certainly is a
 * stored person (same mobile and a compatible name, score at or above the setting) is taken back out and reported by
 * name ('omitida'); a row that probably is one (score at or above the setting, no shared contact) is taken back out and
 * waits in the review list ('revision') until a staff member creates it or sets it aside. One transaction per import,
 * idempotent (a retry of the job finds the rows already sorted).
 */
@Injectable()
export class DedupeImportSorter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & DedupeSettings,
    private readonly repo: DedupeRepository,
    private readonly keyer: DedupeKeyer,
  ) {}

  async sort(importId: string): Promise<void> {
    await this.keyer.keyMissing(importId);
    const pairs = await this.repo.importCandidates(importId, this.config.personasDuplicateBlockMax);
    if (!pairs.length) return;
    const people = new Map((await this.repo.people([...new Set(pairs.flatMap((p) => [p.nuevo, p.existente]))])).map((r) => [r.id, r]));
    const best = new Map<number, { existente: number; score: PairScore }>();
    for (const { nuevo, existente } of pairs) {
      const a = people.get(nuevo);
      const b = people.get(existente);
      if (!a || !b) continue;
      const score = scorePair(a, b);
      if (!isCandidate(score, this.config.personasDuplicateMinScore)) continue;
      const current = best.get(nuevo);
      const rank = (s: PairScore) => (s.sameContact ? 1000 : 0) + s.score;
      if (!current || rank(score) > rank(current.score) || (rank(score) === rank(current.score) && existente < current.existente))
        best.set(nuevo, { existente, score });
    }
    const matches: ImportMatch[] = [];
    for (const [nuevo, { existente, score }] of best) {
      const row = people.get(nuevo)!;
      matches.push({
        nuevo,
        fila: row.import_row ?? 0,
        tipo: score.sameContact ? 'omitida' : 'revision',
        nombre: row.nombre,
        apellido_paterno: row.apellido_paterno,
        apellido_materno: row.apellido_materno,
        telefono_celular: row.telefono_celular,
        persona_id: existente,
        score: score.score,
        reasons: score.reasons,
      });
    }
    await this.repo.transaction((m) => this.repo.settleImport(m, importId, matches));
  }
}
