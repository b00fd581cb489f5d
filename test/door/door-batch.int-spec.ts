import { randomUUID } from 'node:crypto';
import { doorLevel } from '../../api/src/shared/contracts/door.contract';
import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { signedInApp, type TestApp } from '../setup/test-app';

/**
 * An offline batch longer than one transaction's chunk (DOOR_BATCH_CHUNK): every answer, count and alarm is the one a
 * scan at a time would give — checked against a plain simulation of the rules, step by step.
 */
describe('the door: a long offline batch, applied in chunks, answers as one scan at a time', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } });

  it('results, occupancy after each scan, conflicts, replays within the batch, gates and alarms on the way', async () => {
    const capacity = 10;
    const e = await createEvent(t, admin, { max_attendees: 50, aforo_maximo: capacity });
    for (let i = 0; i < 14; i++) await registerForEvent(t, e.slug, registrationBody(700_000 + i)).expect(201);
    const codes = (
      await t.query<{ codigo: string }>(`SELECT codigo FROM external_registrations WHERE event_id = $1 ORDER BY id`, [e.id])
    ).map((r) => r.codigo);
    // 230 scans over 14 people at two gates: ins, outs, second entries (the same gate, or the other: a conflict).
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const start = Date.now() - 3600_000;
    // First everyone in (over the limit: an offline entry already happened), then at random.
    const scans = Array.from({ length: 230 }, (_, i) => ({
      scan_id: randomUUID(),
      code: i < codes.length ? codes[i] : codes[rand(codes.length)],
      gate: i < codes.length || rand(3) > 0 ? 'Puerta Norte' : 'Puerta Sur',
      direction: i < codes.length || rand(5) < 2 ? 'in' : 'out',
      scanned_at: new Date(start + i * 1000).toISOString(),
    }));
    scans.push({ ...scans[40] }, { ...scans[150] }); // sent twice in the same batch: applied once

    // What one scan at a time gives.
    const inside = new Map<string, string>(); // code → gate it entered by
    const gates = new Map<string, { in: number; out: number }>();
    const expected: Array<{ result: string; inside: number }> = [];
    const alarms: Array<{ level: number; previous_level: number; inside: number }> = [];
    let level = 0;
    for (const s of scans.slice(0, 230)) {
      let result: string;
      if (s.direction === 'in') {
        if (!inside.has(s.code)) {
          inside.set(s.code, s.gate);
          result = 'admitted';
        } else result = inside.get(s.code) !== s.gate ? 'conflict' : 'already_inside';
      } else result = inside.delete(s.code) ? 'exited' : 'not_inside';
      if (result === 'admitted' || result === 'exited') {
        const g = gates.get(s.gate) ?? { in: 0, out: 0 };
        g[result === 'admitted' ? 'in' : 'out'] += 1;
        gates.set(s.gate, g);
        const next = doorLevel(inside.size, capacity, [80, 95, 100]);
        if (next !== level) alarms.push({ level: next, previous_level: level, inside: inside.size });
        level = next;
      }
      expected.push({ result, inside: inside.size });
    }
    expect(new Set(expected.map((x) => x.result))).toEqual(new Set(['admitted', 'exited', 'already_inside', 'not_inside', 'conflict']));
    expect(Math.max(...expected.map((x) => x.inside))).toBeGreaterThan(capacity); // offline entries count over the limit

    const res = await t.as(admin).post(`/api/eventos-externos/${e.id}/check-in/batch`).send({ scans }).expect(200);
    const results = res.body.results as Array<{ scan_id: string; result: string; replayed: boolean; occupancy: { inside: number } }>;
    expect(results.map((r) => r.scan_id)).toEqual(scans.map((s) => s.scan_id));
    expect(results.slice(0, 230).map((r) => ({ result: r.result, inside: r.occupancy.inside }))).toEqual(expected);
    expect(results.slice(0, 230).every((r) => !r.replayed)).toBe(true);
    expect(results.slice(230).map((r) => [r.result, r.replayed])).toEqual([
      [expected[40].result, true],
      [expected[150].result, true],
    ]);
    expect(res.body.occupancy).toEqual({ inside: inside.size, capacity });

    const occ = await t.as(admin).get(`/api/eventos-externos/${e.id}/occupancy`).expect(200);
    expect(occ.body.inside).toBe(inside.size);
    expect(occ.body.level).toBe(level);
    expect(occ.body.gates).toEqual([...gates.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([gate, g]) => ({ gate, ...g })));
    expect(occ.body.conflicts).toBe(expected.filter((x) => x.result === 'conflict').length);
    const [state] = await t.query<{ present: number; scans: number }>(
      `SELECT (SELECT count(*)::int FROM door_presence WHERE event_kind = 'externo' AND event_id = $1 AND inside) AS present,
              (SELECT count(*)::int FROM door_scans WHERE event_kind = 'externo' AND event_id = $1) AS scans`,
      [e.id],
    );
    expect(state).toEqual({ present: inside.size, scans: 230 });
    const written = await t.query<{ level: number; previous_level: number; inside: number }>(
      `SELECT (payload->>'level')::int AS level, (payload->>'previous_level')::int AS previous_level, (payload->>'inside')::int AS inside
         FROM domain_events WHERE type = 'door.alarm' AND resource_id = $1 ORDER BY seq`,
      [`externo:${e.id}`],
    );
    expect(written).toEqual(alarms);
    expect(alarms.length).toBeGreaterThan(2);
    const audited = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM domain_events WHERE type = 'door.scanned' AND (payload->>'event_id')::int = $1`,
      [e.id],
    );
    expect(audited[0].n).toBe(230);

    // The same batch again: every answer stored, nothing moved.
    const again = await t.as(admin).post(`/api/eventos-externos/${e.id}/check-in/batch`).send({ scans }).expect(200);
    expect(again.body.results.map((r: { result: string }) => r.result)).toEqual(results.map((r) => r.result));
    expect(again.body.results.every((r: { replayed: boolean }) => r.replayed)).toBe(true);
    expect((await t.as(admin).get(`/api/eventos-externos/${e.id}/occupancy`).expect(200)).body.inside).toBe(inside.size);
  }, 120_000);
});
