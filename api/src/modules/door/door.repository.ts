import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DoorDirection, DoorKind, DoorResult } from '@shared/contracts/door.contract';
import { unnestColumns } from '@core/database/unnest-columns';

/** One event's door: its kind and id (every door table is keyed by them). */
export interface DoorKey {
  kind: DoorKind;
  eventId: number;
}

export interface ScanRow {
  scan_id: string;
  event_kind: DoorKind;
  event_id: number;
  holder_id: number | null;
  code: string;
  gate: string;
  direction: DoorDirection;
  result: DoorResult | null;
  offline: boolean;
  conflict_with: string | null;
  scanned_at: Date;
  received_at: Date;
}

export interface OccupancyRow {
  inside: number;
  capacity: number | null;
  alarm_level: number;
  previous_level: number;
  stop_lifted: boolean;
  version: string;
}

/** A scan log row as written before the scan is judged (its result follows in the same transaction). */
export interface NewScan {
  scanId: string;
  holderId: number | null;
  code: string;
  gate: string;
  direction: DoorDirection;
  offline: boolean;
  scannedAt: Date;
  actorId: number | null;
}

/** One gate's entries and exits in a change of the counter. */
export interface GateCount {
  gate: string;
  entries: number;
  exits: number;
}

const OCCUPANCY_RETURNING = `inside, capacity, alarm_level, previous_level, stop_lifted, version::text AS version`;

/** The level an occupancy of `insideExpr` reaches with the limit $3 and the levels $4 (0 without a limit). */
const levelOf = (insideExpr: string) =>
  `(SELECT coalesce(max(l), 0) FROM unnest($4::int[]) l WHERE $3::int IS NOT NULL AND (${insideExpr}) * 100 >= l * $3::int)`;

/**
 * Every query of the door. The rules that must hold under concurrency are single statements here: an entry moves
 * a person's row only if they are not inside (`enter`), the counter only while under the limit (`admit`), and the
 * scan log takes a scan_id once (`insertScan`, door_scans_scan_id_key). Lock order in a scan or a batch's chunk: the
 * scan log rows (a chunk's in scan_id order), the people's rows, the area's rows (attendance), and last the hot rows —
 * the event's counter, then the gate and minute rows (`move`, one statement just before the commit).
 */
@Injectable()
export class DoorRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.ds.manager;
  }

  async findScan(scanId: string, manager?: EntityManager): Promise<ScanRow | null> {
    const rows = await this.m(manager).query(`SELECT * FROM door_scans WHERE scan_id = $1`, [scanId]);
    return rows[0] ?? null;
  }

  /** The scan log row, once per scan_id: false when another request took this scan_id first (a replay). */
  async insertScan(manager: EntityManager, key: DoorKey, s: NewScan): Promise<boolean> {
    const rows = await manager.query(
      `INSERT INTO door_scans (scan_id, event_kind, event_id, holder_id, code, gate, direction, offline, scanned_at, actor_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (scan_id) DO NOTHING RETURNING id`,
      [s.scanId, key.kind, key.eventId, s.holderId, s.code, s.gate, s.direction, s.offline, s.scannedAt, s.actorId],
    );
    return rows.length === 1;
  }

  /** The scan_ids of these already in the scan log (a batch's replays, found before its transaction). */
  async knownScans(scanIds: string[]): Promise<Set<string>> {
    const rows: Array<{ scan_id: string }> = await this.ds.query(`SELECT scan_id FROM door_scans WHERE scan_id = ANY($1::uuid[])`, [
      scanIds,
    ]);
    return new Set(rows.map((r) => r.scan_id));
  }

  /**
   * A chunk's scan log rows in one statement, in scan_id order (two batches sharing scan_ids lock them in the same
   * order); answers the scan_ids this statement took (the others were taken first: replays).
   */
  async insertScans(manager: EntityManager, key: DoorKey, scans: NewScan[]): Promise<Set<string>> {
    if (scans.length === 0) return new Set();
    const rows: Array<{ scan_id: string }> = await manager.query(
      `INSERT INTO door_scans (scan_id, event_kind, event_id, holder_id, code, gate, direction, offline, scanned_at, actor_id)
       SELECT x.scan_id, $1, $2, x.holder_id, x.code, x.gate, x.direction, x.offline, x.scanned_at, x.actor_id
         FROM unnest($3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[], $8::boolean[], $9::timestamptz[], $10::int[])
              AS x(scan_id, holder_id, code, gate, direction, offline, scanned_at, actor_id)
        ORDER BY x.scan_id
       ON CONFLICT (scan_id) DO NOTHING RETURNING scan_id`,
      [
        key.kind,
        key.eventId,
        ...unnestColumns(scans, [
          (s) => s.scanId,
          (s) => s.holderId,
          (s) => s.code,
          (s) => s.gate,
          (s) => s.direction,
          (s) => s.offline,
          (s) => s.scannedAt,
          (s) => s.actorId,
        ]),
      ],
    );
    return new Set(rows.map((r) => r.scan_id));
  }

  /** A chunk's results, in one statement (its own rows: nobody else waits on them). */
  async setScanResults(
    manager: EntityManager,
    results: Array<{ scanId: string; result: DoorResult; conflictWith: string | null }>,
  ): Promise<void> {
    if (results.length === 0) return;
    await manager.query(
      `UPDATE door_scans s SET result = x.result, conflict_with = x.conflict_with
         FROM unnest($1::uuid[], $2::text[], $3::uuid[]) AS x(scan_id, result, conflict_with)
        WHERE s.scan_id = x.scan_id`,
      unnestColumns(results, [(r) => r.scanId, (r) => r.result, (r) => r.conflictWith]),
    );
  }

  async setScanResult(manager: EntityManager, scanId: string, result: DoorResult, conflictWith: string | null): Promise<void> {
    await manager.query(`UPDATE door_scans SET result = $2, conflict_with = $3 WHERE scan_id = $1`, [scanId, result, conflictWith]);
  }

  /**
   * An entry, in one conditional statement: the person's row is created inside, or moved inside only if it is out.
   * Concurrent entries of one code queue on the row; the first moves it, the others get no row (already inside).
   */
  async enter(manager: EntityManager, key: DoorKey, holderId: number, gate: string, scanId: string, at: Date): Promise<boolean> {
    const rows = await manager.query(
      `INSERT INTO door_presence (event_kind, event_id, holder_id, inside, gate, scan_id, changed_at)
       VALUES ($1, $2, $3, true, $4, $5, $6)
       ON CONFLICT (event_kind, event_id, holder_id) DO UPDATE
         SET inside = true, gate = EXCLUDED.gate, scan_id = EXCLUDED.scan_id, changed_at = EXCLUDED.changed_at
         WHERE NOT door_presence.inside
       RETURNING holder_id`,
      [key.kind, key.eventId, holderId, gate, scanId, at],
    );
    return rows.length === 1;
  }

  /** An exit, in one conditional statement: only a person inside goes out. */
  async leave(manager: EntityManager, key: DoorKey, holderId: number, gate: string, scanId: string, at: Date): Promise<boolean> {
    const rows = await manager.query(
      `WITH u AS (
         UPDATE door_presence SET inside = false, gate = $4, scan_id = $5, changed_at = $6
          WHERE event_kind = $1 AND event_id = $2 AND holder_id = $3 AND inside
         RETURNING holder_id)
       SELECT holder_id FROM u`,
      [key.kind, key.eventId, holderId, gate, scanId, at],
    );
    return rows.length === 1;
  }

  async presence(
    key: DoorKey,
    holderId: number,
    manager?: EntityManager,
  ): Promise<{ inside: boolean; gate: string; scan_id: string | null; changed_at: Date } | null> {
    const rows = await this.m(manager).query(
      `SELECT inside, gate, scan_id, changed_at FROM door_presence WHERE event_kind = $1 AND event_id = $2 AND holder_id = $3`,
      [key.kind, key.eventId, holderId],
    );
    return rows[0] ?? null;
  }

  async ensureOccupancy(manager: EntityManager, key: DoorKey): Promise<void> {
    await manager.query(`INSERT INTO door_occupancy (event_kind, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      key.kind,
      key.eventId,
    ]);
  }

  /**
   * The counter, the gates' counts and this minute's point of the sparkline, in ONE statement: the door's hot rows,
   * so a scan or a batch takes them last, just before its commit, and holds them for this one round trip. The
   * counter moves by `delta` only while under the limit, the stop lifted, `always` (an offline device already let
   * the people in) or when nobody enters (delta ≤ 0); null: full, nothing moved. `lowest`: the lowest count after an
   * exit, relative to before (below the limit, the supervisor's lift ends); null when nobody left. The level is
   * worked out in the same statement (`previous_level` keeps the one before: an alarm is a change between them). Lock
   * order: the counter, then the gates (`gates` names each gate once), then the minute.
   */
  async move(
    manager: EntityManager,
    key: DoorKey,
    change: { delta: number; lowest: number | null; gates: GateCount[] },
    capacity: number | null,
    levels: number[],
    always: boolean,
  ): Promise<OccupancyRow | null> {
    const rows = await manager.query(
      `WITH o AS (
         UPDATE door_occupancy
            SET inside = inside + $5, capacity = $3, previous_level = alarm_level, alarm_level = ${levelOf('inside + $5')},
                stop_lifted = stop_lifted AND ($6::int IS NULL OR ($3::int IS NOT NULL AND inside + $6::int >= $3::int)),
                version = version + 1, updated_at = now()
          WHERE event_kind = $1 AND event_id = $2 AND ($7 OR $5 <= 0 OR $3::int IS NULL OR inside < $3::int OR stop_lifted)
         RETURNING ${OCCUPANCY_RETURNING}),
       g AS (
         INSERT INTO door_gates (event_kind, event_id, gate, entries, exits)
         SELECT $1, $2, x.gate, x.entries, x.exits FROM o, unnest($8::text[], $9::int[], $10::int[]) AS x(gate, entries, exits)
         ON CONFLICT (event_kind, event_id, gate) DO UPDATE
           SET entries = door_gates.entries + EXCLUDED.entries, exits = door_gates.exits + EXCLUDED.exits),
       m AS (
         INSERT INTO door_minutes (event_kind, event_id, minute, inside) SELECT $1, $2, date_trunc('minute', now()), o.inside FROM o
         ON CONFLICT (event_kind, event_id, minute) DO UPDATE SET inside = EXCLUDED.inside)
       SELECT * FROM o`,
      [
        key.kind,
        key.eventId,
        capacity,
        levels,
        change.delta,
        change.lowest,
        always,
        change.gates.map((g) => g.gate),
        change.gates.map((g) => g.entries),
        change.gates.map((g) => g.exits),
      ],
    );
    return rows[0] ?? null;
  }

  /** Lifts (or restores) the stop; lifting only while the counter is at or over the limit. Null: nothing changed. */
  async setStopLifted(manager: EntityManager, key: DoorKey, lifted: boolean, capacity: number | null): Promise<OccupancyRow | null> {
    const rows = await manager.query(
      `WITH u AS (
         UPDATE door_occupancy SET stop_lifted = $3, capacity = $4, version = version + 1, updated_at = now()
          WHERE event_kind = $1 AND event_id = $2 AND stop_lifted <> $3
            AND (NOT $3 OR ($4::int IS NOT NULL AND inside >= $4::int))
         RETURNING ${OCCUPANCY_RETURNING})
       SELECT * FROM u`,
      [key.kind, key.eventId, lifted, capacity],
    );
    return rows[0] ?? null;
  }

  /**
   * 'Vaciar recinto': everyone inside marked out, in one statement; answers how many. With `cut` (the nightly run),
   * only a door whose last change is before the cut, and only people whose last change is before it: an entry
   * committed while this runs is re-read by the statement and stays in; a second run finds nobody.
   */
  async emptyPresence(manager: EntityManager, key: DoorKey, cut: Date | null = null): Promise<number> {
    const [{ n }] = await manager.query(
      `WITH out AS (
         UPDATE door_presence SET inside = false, scan_id = NULL, changed_at = now()
          WHERE event_kind = $1 AND event_id = $2 AND inside
            AND ($3::timestamptz IS NULL OR (changed_at < $3 AND EXISTS (
                  SELECT 1 FROM door_occupancy o WHERE o.event_kind = $1 AND o.event_id = $2 AND o.updated_at < $3)))
         RETURNING 1)
       SELECT count(*)::int AS n FROM out`,
      [key.kind, key.eventId, cut],
    );
    return n;
  }

  /** The doors with people inside whose last change is before `cut` (the nightly 'vaciar recinto'), with their limit. */
  async doorsToEmpty(cut: Date): Promise<Array<DoorKey & { capacity: number | null }>> {
    const rows: Array<{ event_kind: DoorKind; event_id: number; capacity: number | null }> = await this.ds.query(
      `SELECT event_kind, event_id, capacity FROM door_occupancy WHERE inside > 0 AND updated_at < $1 ORDER BY event_kind, event_id`,
      [cut],
    );
    return rows.map((r) => ({ kind: r.event_kind, eventId: r.event_id, capacity: r.capacity }));
  }

  async occupancy(key: DoorKey, manager?: EntityManager): Promise<(OccupancyRow & { code_salt: string }) | null> {
    const rows = await this.m(manager).query(
      `SELECT ${OCCUPANCY_RETURNING}, code_salt FROM door_occupancy WHERE event_kind = $1 AND event_id = $2`,
      [key.kind, key.eventId],
    );
    return rows[0] ?? null;
  }

  /** The salt of the offline codes (the row is made on first use). */
  async codeSalt(key: DoorKey): Promise<string> {
    await this.ensureOccupancy(this.ds.manager, key);
    const [row] = await this.ds.query(`SELECT code_salt FROM door_occupancy WHERE event_kind = $1 AND event_id = $2`, [
      key.kind,
      key.eventId,
    ]);
    return row.code_salt;
  }

  async gates(key: DoorKey): Promise<Array<{ gate: string; in: number; out: number }>> {
    return this.ds.query(`SELECT gate, entries AS in, exits AS out FROM door_gates WHERE event_kind = $1 AND event_id = $2 ORDER BY gate`, [
      key.kind,
      key.eventId,
    ]);
  }

  async insideHolders(key: DoorKey): Promise<number[]> {
    const rows: Array<{ holder_id: number }> = await this.ds.query(
      `SELECT holder_id FROM door_presence WHERE event_kind = $1 AND event_id = $2 AND inside`,
      [key.kind, key.eventId],
    );
    return rows.map((r) => r.holder_id);
  }

  async conflictCount(key: DoorKey): Promise<number> {
    const [{ n }] = await this.ds.query(
      `SELECT count(*)::int AS n FROM door_scans WHERE event_kind = $1 AND event_id = $2 AND result = 'conflict'`,
      [key.kind, key.eventId],
    );
    return n;
  }

  /** The conflicts, newest first, each with the scan that had let the person in. */
  async conflicts(key: DoorKey, limit: number): Promise<Array<ScanRow & { by_gate: string | null; by_scanned_at: Date | null }>> {
    return this.ds.query(
      `SELECT s.*, b.gate AS by_gate, b.scanned_at AS by_scanned_at
         FROM door_scans s LEFT JOIN door_scans b ON b.scan_id = s.conflict_with
        WHERE s.event_kind = $1 AND s.event_id = $2 AND s.result = 'conflict'
        ORDER BY s.received_at DESC, s.id DESC LIMIT $3`,
      [key.kind, key.eventId, limit],
    );
  }

  /** People inside at the end of each of the last `minutes` minutes (carried forward from the last change before). */
  async series(key: DoorKey, minutes: number): Promise<Array<{ at: Date; inside: number }>> {
    return this.ds.query(
      `SELECT g.at, coalesce((SELECT m.inside FROM door_minutes m
                                WHERE m.event_kind = $1 AND m.event_id = $2 AND m.minute <= g.at
                                ORDER BY m.minute DESC LIMIT 1), 0) AS inside
         FROM generate_series(date_trunc('minute', now()) - make_interval(mins => $3 - 1), date_trunc('minute', now()), interval '1 minute') AS g(at)
        ORDER BY g.at`,
      [key.kind, key.eventId, minutes],
    );
  }

  /** Who is inside, as the offline list marks them. */
  async insideSet(key: DoorKey): Promise<Set<number>> {
    return new Set(await this.insideHolders(key));
  }
}
