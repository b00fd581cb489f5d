import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { Transaction } from '@core/outbox/unit-of-work';
import { personColumn, personReference, type PersonReferenceTable, type PersonSnapshot } from '@core/privacy/person-references';
import type { DoorKind } from '@shared/contracts/door.contract';
import { DoorAdapters } from './door-adapter';
import { recordDoorAlarm } from './door-emptying';
import { DoorRepository, type DoorKey } from './door.repository';
import type { DoorSettings } from './door.settings';

/** The door's rows about the holders of one kind of event, for an area whose holders are people (a merge's undo). */
export const doorHolderTables = (kind: DoorKind): PersonReferenceTable[] =>
  ['door_presence', 'door_scans'].map((table) => personReference(table, `t.event_kind = '${kind}' AND ${personColumn('holder_id')}`));

/**
 * What an event area asks of the door when its holders change identity (people merged into one), in the caller's
 * transaction, after the area locked its holders' rows (a scan locks its holder's row first too: DoorAdapter.lockHolders).
 * One person has one presence per event: inside if any of them was inside; the counter drops by the rows inside that
 * went, so it still equals the people inside — and an undo, which writes the rows back, raises it again.
 */
@Injectable()
export class DoorHolders {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & DoorSettings,
    private readonly adapters: DoorAdapters,
    private readonly repo: DoorRepository,
  ) {}

  async merge(tx: Transaction, kind: DoorKind, survivor: number, merged: number[]): Promise<void> {
    const m = tx.manager;
    // Per event, the row kept: one inside, then the survivor's, then the latest change; the others go.
    const gone: Array<{ event_id: number; inside: number }> = await m.query(
      `WITH ranked AS (
         SELECT event_id, holder_id,
                row_number() OVER (PARTITION BY event_id ORDER BY inside DESC, holder_id = $2 DESC, changed_at DESC, holder_id) AS rk
           FROM door_presence WHERE event_kind = $1 AND holder_id = ANY($3::int[])),
       d AS (
         DELETE FROM door_presence p USING ranked r
          WHERE r.rk > 1 AND p.event_kind = $1 AND p.event_id = r.event_id AND p.holder_id = r.holder_id
         RETURNING p.event_id, p.inside)
       SELECT event_id, count(*) FILTER (WHERE inside)::int AS inside FROM d GROUP BY event_id ORDER BY event_id`,
      [kind, survivor, [survivor, ...merged]],
    );
    await m.query(`UPDATE door_presence SET holder_id = $2 WHERE event_kind = $1 AND holder_id = ANY($3::int[])`, [kind, survivor, merged]);
    await m.query(`UPDATE door_scans SET holder_id = $2 WHERE event_kind = $1 AND holder_id = ANY($3::int[])`, [kind, survivor, merged]);
    for (const g of gone) if (g.inside > 0) await this.recount(tx, { kind, eventId: g.event_id }, -g.inside, false);
  }

  /**
   * After a merge's undo wrote the door rows of `snapshot` back (the undo runs only while the rows are the merge's
   * own): every event where several of them were inside counts them again.
   */
  async restored(tx: Transaction, kind: DoorKind, snapshot: PersonSnapshot): Promise<void> {
    const inside = new Map<number, number>();
    for (const row of snapshot.door_presence ?? []) {
      if (row.event_kind !== kind || row.inside !== true) continue;
      const id = Number(row.event_id);
      inside.set(id, (inside.get(id) ?? 0) + 1);
    }
    for (const [eventId, n] of [...inside].sort((a, b) => a[0] - b[0])) if (n > 1) await this.recount(tx, { kind, eventId }, n - 1, true);
  }

  /** The counter, its level (an alarm on a change) and the minute's point, moved by `delta`; audited, and pushed. */
  private async recount(tx: Transaction, key: DoorKey, delta: number, undone: boolean): Promise<void> {
    const event = await this.adapters.get(key.kind).event(key.eventId, tx.manager);
    const change = { delta, lowest: delta < 0 ? delta : null, gates: [] };
    // `always`: these people are inside already; nobody passes a gate.
    const o = await this.repo.move(tx.manager, key, change, event?.aforo_maximo ?? null, this.config.doorAlarmLevels, true);
    if (!o) return;
    await recordDoorAlarm(tx, key, o);
    await tx.record({
      type: 'door.holders-merged',
      resourceId: `${key.kind}:${key.eventId}`,
      payload: { kind: key.kind, event_id: key.eventId, delta, inside: o.inside, undone },
    });
  }
}
