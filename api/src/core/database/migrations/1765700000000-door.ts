import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The door: scans at the gates of external and internal events, who is inside, occupancy and alarms.
 * The tables are the door area's (`modules/door/`); an event is named by its kind ('externo', 'interno') and id.
 *
 * - `door_scans`: the scan log, one row per scan the server judged. `scan_id` is UNIQUE (`door_scans_scan_id_key`):
 *   a batch sent twice is applied once, the second answer is the stored one.
 * - `door_presence`: one row per person who ever came in (registration id or persona id), `inside` true or false.
 *   An entry is ONE conditional statement (`INSERT … ON CONFLICT DO UPDATE … WHERE NOT inside`): of 50 devices
 *   scanning one code at once, one moves the row, the others find it inside.
 * - `door_occupancy`: the event's counter (`inside`, CHECK ≥ 0), the limit seen at the last change, the alarm level
 *   reached, the supervisor's lift of the stop and the salt of the offline codes. An entry moves it in ONE
 *   conditional UPDATE (`WHERE inside < limit OR stop_lifted`), so parallel entries never pass the limit.
 * - `door_gates`: entries and exits per gate; `door_minutes`: people inside at the end of each minute (sparkline).
 * - `aforo_maximo` on both kinds of event: the venue's safety limit (not how many may register); null: none.
 */
export class Door1765700000000 implements MigrationInterface {
  name = 'Door1765700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE external_events ADD COLUMN aforo_maximo integer,
        ADD CONSTRAINT external_events_aforo_maximo_check CHECK (aforo_maximo IS NULL OR aforo_maximo BETWEEN 1 AND 1000000)`);
    await q.query(`
      ALTER TABLE eventos_internos ADD COLUMN aforo_maximo integer,
        ADD CONSTRAINT eventos_internos_aforo_maximo_check CHECK (aforo_maximo IS NULL OR aforo_maximo BETWEEN 1 AND 1000000)`);
    await q.query(`
      CREATE TABLE door_scans (
        id bigserial PRIMARY KEY,
        scan_id uuid NOT NULL,
        event_kind text NOT NULL,
        event_id integer NOT NULL,
        holder_id integer,
        code text NOT NULL,
        gate text NOT NULL,
        direction text NOT NULL,
        result text,
        offline boolean NOT NULL DEFAULT false,
        conflict_with uuid,
        scanned_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        actor_id integer REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT door_scans_scan_id_key UNIQUE (scan_id),
        CONSTRAINT door_scans_kind_check CHECK (event_kind IN ('externo', 'interno')),
        CONSTRAINT door_scans_direction_check CHECK (direction IN ('in', 'out')),
        CONSTRAINT door_scans_result_check CHECK (
          result IS NULL OR result IN ('admitted', 'exited', 'already_inside', 'not_inside', 'full', 'conflict', 'cancelled', 'unknown'))
      )`);
    await q.query(`CREATE INDEX door_scans_event_idx ON door_scans (event_kind, event_id, received_at)`);
    await q.query(`CREATE INDEX door_scans_conflicts_idx ON door_scans (event_kind, event_id, received_at) WHERE result = 'conflict'`);
    await q.query(`
      CREATE TABLE door_presence (
        event_kind text NOT NULL,
        event_id integer NOT NULL,
        holder_id integer NOT NULL,
        inside boolean NOT NULL,
        gate text NOT NULL,
        scan_id uuid,
        changed_at timestamptz NOT NULL,
        PRIMARY KEY (event_kind, event_id, holder_id)
      )`);
    await q.query(`CREATE INDEX door_presence_inside_idx ON door_presence (event_kind, event_id, holder_id) WHERE inside`);
    await q.query(`
      CREATE TABLE door_occupancy (
        event_kind text NOT NULL,
        event_id integer NOT NULL,
        inside integer NOT NULL DEFAULT 0,
        capacity integer,
        alarm_level smallint NOT NULL DEFAULT 0,
        previous_level smallint NOT NULL DEFAULT 0,
        stop_lifted boolean NOT NULL DEFAULT false,
        code_salt text NOT NULL DEFAULT md5(gen_random_uuid()::text),
        version bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_kind, event_id),
        CONSTRAINT door_occupancy_inside_check CHECK (inside >= 0)
      )`);
    await q.query(`
      CREATE TABLE door_gates (
        event_kind text NOT NULL,
        event_id integer NOT NULL,
        gate text NOT NULL,
        entries integer NOT NULL DEFAULT 0,
        exits integer NOT NULL DEFAULT 0,
        PRIMARY KEY (event_kind, event_id, gate),
        CONSTRAINT door_gates_counts_check CHECK (entries >= 0 AND exits >= 0)
      )`);
    await q.query(`
      CREATE TABLE door_minutes (
        event_kind text NOT NULL,
        event_id integer NOT NULL,
        minute timestamptz NOT NULL,
        inside integer NOT NULL,
        PRIMARY KEY (event_kind, event_id, minute)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS door_minutes, door_gates, door_occupancy, door_presence, door_scans`);
    await q.query(`ALTER TABLE eventos_internos DROP COLUMN IF EXISTS aforo_maximo`);
    await q.query(`ALTER TABLE external_events DROP COLUMN IF EXISTS aforo_maximo`);
  }
}
