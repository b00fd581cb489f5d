import { Inject, Injectable } from '@nestjs/common';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import {
  RETENTION_RUNS_LISTED,
  type RetentionItem,
  type RetentionKind,
  type RetentionOrigin,
  type RetentionReport,
  type RetentionRunResponse,
} from '@shared/contracts/retention.contract';
import type { EventActor } from '@shared/events/domain-events';
import { RetentionRepository, type RunRow } from './retention.repository';
import { RETENTION_SOURCES, type RetentionSource } from './retention.sources';
import { iso } from '@core/format/iso';

export function toRunResponse(row: RunRow): RetentionRunResponse {
  return {
    id: row.id,
    origen: row.origen,
    usuario: row.user_id !== null ? { id: row.user_id, name: row.user_name ?? '' } : null,
    conteos: row.conteos,
    total: row.total,
    created_at: iso(row.created_at)!,
  };
}

/**
 * Retention: each area's records past their period are anonymised (the row and its counts stay),
 * messages' bodies purged and imports' files deleted. A run is ONE transaction behind a cluster-wide advisory lock, and
 * every change is `… WHERE not yet done`: two runs at once (two workers, the schedule and staff's button) change each
 * record once, and a second run changes nothing. A run that changed something — or that staff started — is recorded
 * with its counts and audited.
 */
@Injectable()
export class RetentionService {
  constructor(
    @Inject(RETENTION_SOURCES) private readonly sources: RetentionSource[],
    private readonly runs: RetentionRepository,
    private readonly uow: UnitOfWork,
  ) {}

  /** The dry run: what a run would change now, per kind; nothing is written. */
  async report(): Promise<RetentionReport> {
    const now = new Date();
    const elementos: RetentionItem[] = [];
    for (const s of this.sources) {
      const cutoff = s.cutoff(now);
      elementos.push({
        clave: s.clave,
        area: s.area,
        datos: s.datos,
        accion: s.accion,
        plazo: s.plazo,
        corte: cutoff.toISOString(),
        pendientes: await s.count(cutoff),
      });
    }
    const ejecuciones = (await this.runs.latest(RETENTION_RUNS_LISTED)).map(toRunResponse);
    return { generado_at: now.toISOString(), elementos, total: elementos.reduce((n, e) => n + e.pendientes, 0), ejecuciones };
  }

  /** A run; null when a scheduled one found nothing to change (it leaves no record). */
  async run(origen: RetentionOrigin, actor: EventActor): Promise<RetentionRunResponse | null> {
    return this.uow.run(actor, async (tx) => {
      await this.runs.lock(tx.manager);
      const now = new Date();
      const conteos = {} as Record<RetentionKind, number>;
      for (const s of this.sources) conteos[s.clave] = await s.apply(tx.manager, s.cutoff(now));
      const total = Object.values(conteos).reduce((n, c) => n + c, 0);
      if (total === 0 && origen === 'programada') return null;
      const row = await this.runs.insert(tx.manager, { origen, userId: actor.userId, conteos, total });
      await tx.record({ type: 'privacy.retention-run', resourceId: row.id, payload: { run_id: row.id, total } });
      return toRunResponse(row);
    });
  }
}
