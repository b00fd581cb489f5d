import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { doorLevel } from '@shared/contracts/door.contract';
import type { DoorKey } from './door.repository';

/** The levels the demo's stored alarm level is worked out with (DOOR_ALARM_LEVELS' default). */
const DEMO_ALARM_LEVELS = [80, 95, 100];
const MINUTE_MS = 60_000;

export interface DoorDayPerson {
  holderId: number;
  code: string;
}

interface Move {
  holderId: number;
  code: string;
  gate: string;
  direction: 'in' | 'out';
  at: number;
}

/**
 * Demo data (npm run seed:demo): a day at the door of one event, written to the door's tables as the scans would have
 * left them — the scan log, who is inside, the counter with its level and version, entries and exits per gate, and
 * people inside per minute (the board's sparkline). The first `attended` people come in between `from` and `to`,
 * more of them in the middle (an S-curve), through `gates` in turn; one in eleven goes out 20–40 minutes later (a third
 * of the span at most) and one in three of those comes back. Called by an area's seeder for its event of today, in its transaction; answers
 * who was admitted (their area marks them attended: the first entry is the attendance) and how many are inside.
 */
export async function seedDoorDay(
  m: EntityManager,
  key: DoorKey,
  o: { people: readonly DoorDayPerson[]; attended: number; capacity: number | null; gates: readonly string[]; from: Date; to: Date },
): Promise<{ admitted: number[]; inside: number; scans: number }> {
  const from = o.from.getTime();
  const span = Math.max(MINUTE_MS, o.to.getTime() - from);
  const moves: Move[] = [];
  const comers = o.people.slice(0, o.attended);
  comers.forEach((p, i) => {
    const u = comers.length > 1 ? i / (comers.length - 1) : 0;
    const at = from + Math.round(((1 - Math.cos(Math.PI * u)) / 2) * span) + ((i * 7919) % 50_000);
    const gate = o.gates[i % o.gates.length];
    moves.push({ ...p, gate, direction: 'in', at: Math.min(at, from + span) });
    if (i % 11 !== 5) return;
    // Shorter stays when the day has just begun (just after midnight the event's day is minutes long): some still go out.
    const out = at + Math.min((20 + (i % 21)) * MINUTE_MS, Math.round(span / 3));
    if (out > from + span) return;
    moves.push({ ...p, gate: o.gates[(i + 1) % o.gates.length], direction: 'out', at: out });
    const back = out + Math.min(10 * MINUTE_MS, Math.round(span / 6));
    if (i % 33 === 5 && back <= from + span) moves.push({ ...p, gate, direction: 'in', at: back });
  });
  moves.sort((a, b) => a.at - b.at);

  let inside = 0;
  let previousLevel = 0;
  const minutes = new Map<number, number>();
  const gates = new Map<string, { entries: number; exits: number }>();
  const presence = new Map<number, { inside: boolean; gate: string; scan_id: string; changed_at: string }>();
  const scans = moves.map((mv) => {
    previousLevel = doorLevel(inside, o.capacity, DEMO_ALARM_LEVELS);
    inside += mv.direction === 'in' ? 1 : -1;
    minutes.set(Math.floor(mv.at / MINUTE_MS) * MINUTE_MS, inside);
    const g = gates.get(mv.gate) ?? { entries: 0, exits: 0 };
    if (mv.direction === 'in') g.entries += 1;
    else g.exits += 1;
    gates.set(mv.gate, g);
    const scan = {
      scan_id: randomUUID(),
      holder_id: mv.holderId,
      code: mv.code,
      gate: mv.gate,
      direction: mv.direction,
      result: mv.direction === 'in' ? 'admitted' : 'exited',
      at: new Date(mv.at).toISOString(),
    };
    presence.set(mv.holderId, { inside: mv.direction === 'in', gate: mv.gate, scan_id: scan.scan_id, changed_at: scan.at });
    return scan;
  });

  const json = (rows: unknown[]) => JSON.stringify(rows);
  await m.query(
    `INSERT INTO door_scans (scan_id, event_kind, event_id, holder_id, code, gate, direction, result, offline, scanned_at, received_at)
     SELECT x.scan_id, $1, $2, x.holder_id, x.code, x.gate, x.direction, x.result, false, x.at, x.at
       FROM jsonb_to_recordset($3::jsonb) AS x(scan_id uuid, holder_id integer, code text, gate text, direction text, result text, at timestamptz)`,
    [key.kind, key.eventId, json(scans)],
  );
  await m.query(
    `INSERT INTO door_presence (event_kind, event_id, holder_id, inside, gate, scan_id, changed_at)
     SELECT $1, $2, x.holder_id, x.inside, x.gate, x.scan_id, x.changed_at
       FROM jsonb_to_recordset($3::jsonb) AS x(holder_id integer, inside boolean, gate text, scan_id uuid, changed_at timestamptz)`,
    [key.kind, key.eventId, json([...presence].map(([holder_id, p]) => ({ holder_id, ...p })))],
  );
  await m.query(
    `INSERT INTO door_gates (event_kind, event_id, gate, entries, exits)
     SELECT $1, $2, x.gate, x.entries, x.exits FROM jsonb_to_recordset($3::jsonb) AS x(gate text, entries integer, exits integer)`,
    [key.kind, key.eventId, json([...gates].map(([gate, g]) => ({ gate, ...g })))],
  );
  await m.query(
    `INSERT INTO door_minutes (event_kind, event_id, minute, inside)
     SELECT $1, $2, x.minute, x.inside FROM jsonb_to_recordset($3::jsonb) AS x(minute timestamptz, inside integer)`,
    [key.kind, key.eventId, json([...minutes].map(([minute, n]) => ({ minute: new Date(minute).toISOString(), inside: n })))],
  );
  await m.query(
    `INSERT INTO door_occupancy (event_kind, event_id, inside, capacity, alarm_level, previous_level, version, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      key.kind,
      key.eventId,
      inside,
      o.capacity,
      doorLevel(inside, o.capacity, DEMO_ALARM_LEVELS),
      previousLevel,
      scans.length,
      moves.length ? new Date(moves[moves.length - 1].at) : new Date(),
    ],
  );
  return { admitted: comers.map((p) => p.holderId), inside, scans: scans.length };
}
