import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { personColumn, personReference, type PersonReferenceTable } from '@core/privacy/person-references';
import type { DoorKind } from '@shared/contracts/door.contract';

/** The door's rows about the holders of one kind of event, for an area whose holders are people (a merge's undo). */
export const doorHolderTables = (kind: DoorKind): PersonReferenceTable[] =>
  ['door_presence', 'door_scans'].map((table) => personReference(table, `t.event_kind = '${kind}' AND ${personColumn('holder_id')}`));

/**
 * What an event area asks of the door when its holders change identity (people merged into one), in the caller's
 * transaction: the presence of the `released` holders (their pass went) goes; a merged holder's presence in an event
 * where the survivor already is goes too; every other presence and scan of a merged holder becomes the survivor's.
 */
@Injectable()
export class DoorHolders {
  async merge(
    manager: EntityManager,
    kind: DoorKind,
    survivor: number,
    merged: number[],
    released: Array<{ event_id: number; holder_id: number }>,
  ): Promise<void> {
    if (released.length)
      await manager.query(
        `DELETE FROM door_presence d USING jsonb_to_recordset($2::jsonb) AS r (event_id int, holder_id int)
          WHERE d.event_kind = $1 AND d.event_id = r.event_id AND d.holder_id = r.holder_id`,
        [kind, JSON.stringify(released)],
      );
    await manager.query(
      `DELETE FROM door_presence d WHERE d.event_kind = $1 AND d.holder_id = ANY($3::int[])
          AND EXISTS (SELECT 1 FROM door_presence x WHERE x.event_kind = $1 AND x.event_id = d.event_id AND x.holder_id = $2)`,
      [kind, survivor, merged],
    );
    await manager.query(`UPDATE door_presence SET holder_id = $2 WHERE event_kind = $1 AND holder_id = ANY($3::int[])`, [
      kind,
      survivor,
      merged,
    ]);
    await manager.query(`UPDATE door_scans SET holder_id = $2 WHERE event_kind = $1 AND holder_id = ANY($3::int[])`, [
      kind,
      survivor,
      merged,
    ]);
  }
}
