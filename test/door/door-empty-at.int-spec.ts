import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { ROOMS } from '../../api/src/shared/events/socket-events';
import { DoorEmptying } from '../../api/src/modules/door/door-emptying';
import { DOOR_EMPTY_SWEEP_EVERY_MS } from '../../api/src/modules/door/door.constants';
import { DoorEmptySweepJob } from '../../api/src/modules/door/jobs/door-empty-sweep.job';
import { QueueWorkers } from '../../workers/src/queue-workers';
import { WorkersModule } from '../../workers/src/workers.module';
import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { eventually, nextPush, signedInApp, type TestApp } from '../setup/test-app';

let seq = 0;

/**
 * The nightly 'vaciar recinto' (DOOR_EMPTY_AT): the workers empty every door with people inside whose last
 * change is before the most recent cut, by the on-demand code path, once however many workers run it. Time is set by
 * moving the door's rows back in SQL, or by the run's `now`.
 */
describe("the door's nightly 'vaciar recinto'", () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000', DOOR_EMPTY_AT: '03:00' } });

  /** A published external event with `inside` of its `people` scanned in. */
  async function eventWithPeopleInside(people: number, inside: number, overrides: Record<string, unknown> = {}) {
    const e = await createEvent(t, admin, { max_attendees: 50, ...overrides });
    const base = 500_000 + ++seq * 1000;
    for (let i = 0; i < people; i++) await registerForEvent(t, e.slug, registrationBody(base + i)).expect(201);
    const codes = (
      await t.query<{ codigo: string }>(`SELECT codigo FROM external_registrations WHERE event_id = $1 ORDER BY id`, [e.id])
    ).map((r) => r.codigo);
    for (const code of codes.slice(0, inside)) {
      const res = await t.as(admin).post(`/api/eventos-externos/${e.id}/check-in`).send({ code, gate: 'Puerta Norte' }).expect(200);
      expect(res.body.result).toBe('admitted');
    }
    return { e, codes };
  }

  /** The door's last change (and its people's) set to `at`, as if nothing had happened there since. */
  const lastChange = (eventId: number, at: string) =>
    t.query(
      `WITH p AS (UPDATE door_presence SET changed_at = $2 WHERE event_kind = 'externo' AND event_id = $1 RETURNING 1)
       UPDATE door_occupancy SET updated_at = $2 WHERE event_kind = 'externo' AND event_id = $1`,
      [eventId, at],
    );

  const door = async (eventId: number) => {
    const [row] = await t.query<{ inside: number; present: number; alarm_level: number }>(
      `SELECT o.inside, o.alarm_level,
              (SELECT count(*)::int FROM door_presence p WHERE p.event_kind = 'externo' AND p.event_id = $1 AND p.inside) AS present
         FROM door_occupancy o WHERE o.event_kind = 'externo' AND o.event_id = $1`,
      [eventId],
    );
    return row;
  };

  const emptied = (eventId: number) =>
    t.query<{ actor_id: number | null; count: number; cut: string | null }>(
      `SELECT actor_id, (payload->>'count')::int AS count, payload->>'cut' AS cut
         FROM domain_events WHERE type = 'door.emptied' AND resource_id = $1 ORDER BY seq`,
      [`externo:${eventId}`],
    );

  /** Another workers process on the same database and Redis, with this configuration. */
  async function otherWorkers(config = t.config): Promise<INestApplicationContext> {
    const w = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), { logger: false });
    await w.init();
    return w;
  }

  it('is scheduled in the workers every 15 minutes, one job scheduler in the cluster', async () => {
    const schedules = await eventually(
      () => t.workers!.get(QueueWorkers).schedules(),
      (found) => found.some((s) => s.id === 'door-empty-sweep'),
    );
    expect(schedules.filter((s) => s.id === 'door-empty-sweep')).toEqual([{ id: 'door-empty-sweep', every: DOOR_EMPTY_SWEEP_EVERY_MS }]);
    expect(DOOR_EMPTY_SWEEP_EVERY_MS).toBe(15 * 60_000);
  });

  it('empties a door idle since before the cut — counts, alarm back to 0, pushes, audit by the system — once with two workers at once', async () => {
    const idle = await eventWithPeopleInside(5, 4, { aforo_maximo: 5 }); // 4 of 5: the 80 % alarm
    const busy = await eventWithPeopleInside(3, 2);
    expect(await door(idle.e.id)).toEqual({ inside: 4, present: 4, alarm_level: 80 });
    // Two days ago: before the most recent 03:00 in Monterrey, whatever the time now. The other door moved just now.
    await lastChange(idle.e.id, new Date(Date.now() - 2 * 86_400_000).toISOString());

    const board = await t.socket(admin);
    expect(await t.join(board, ROOMS.door('externo', idle.e.id))).toEqual({ ok: true });
    const occupancy = nextPush(board, 'door.occupancy', undefined, (m) => m.data.occupancy.inside === 0);
    const alarm = nextPush(board, 'door.alarm', undefined, (m) => m.data.level === 0);

    const second = await otherWorkers();
    try {
      await Promise.all([t.workers!.get(DoorEmptySweepJob).handle(), second.get(DoorEmptySweepJob).handle()]);
    } finally {
      await second.close();
    }

    expect(await door(idle.e.id)).toEqual({ inside: 0, present: 0, alarm_level: 0 });
    expect(await door(busy.e.id)).toMatchObject({ inside: 2, present: 2 });
    const runs = await emptied(idle.e.id);
    expect(runs).toEqual([{ actor_id: null, count: 4, cut: expect.any(String) }]);
    expect(new Date(runs[0].cut!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await emptied(busy.e.id)).toEqual([]);
    // The level went back to 0: one alarm, pushed to the staff screens, as any change of level.
    const alarms = await t.query<{ level: number; previous_level: number }>(
      `SELECT (payload->>'level')::int AS level, (payload->>'previous_level')::int AS previous_level
         FROM domain_events WHERE type = 'door.alarm' AND resource_id = $1 ORDER BY seq`,
      [`externo:${idle.e.id}`],
    );
    expect(alarms).toEqual([
      { level: 80, previous_level: 0 },
      { level: 0, previous_level: 80 },
    ]);
    expect((await occupancy).data.occupancy).toMatchObject({ inside: 0, level: 0, gates: [{ gate: 'Puerta Norte', in: 4, out: 0 }] });
    expect((await alarm).data).toMatchObject({ level: 0, previous_level: 80, inside: 0, capacity: 5 });
    // In the audit as the system's (no user).
    await t.flushOutbox();
    const audit = await eventually(
      () =>
        t.query<{ user_id: number | null; event_type: string }>(
          `SELECT user_id, event_type FROM audit_logs WHERE resource_type = 'door_occupancy' AND resource_id = $1 AND event_type = 'door.emptied'`,
          [`externo:${idle.e.id}`],
        ),
      (rows) => rows.length === 1,
    );
    expect(audit).toEqual([{ user_id: null, event_type: 'door.emptied' }]);
    // Everyone may come back in, and a run now finds nothing to do.
    expect(
      (await t.as(admin).post(`/api/eventos-externos/${idle.e.id}/check-in`).send({ code: idle.codes[0] }).expect(200)).body,
    ).toMatchObject({
      result: 'admitted',
      occupancy: { inside: 1 },
    });
    await t.workers!.get(DoorEmptySweepJob).handle();
    expect(await door(idle.e.id)).toMatchObject({ inside: 1, present: 1 });
    expect(await emptied(idle.e.id)).toHaveLength(1);
  });

  it("the cut is today's DOOR_EMPTY_AT in Monterrey once reached, yesterday's before", async () => {
    const { e } = await eventWithPeopleInside(3, 3);
    const emptying = t.workers!.get(DoorEmptying);
    // Last change at 02:00 in Monterrey (08:00 UTC) on 2026-01-10.
    await lastChange(e.id, '2026-01-10T08:00:00Z');
    // At 02:30 the cut is the 9th's 03:00: the door moved after it, nothing to do.
    expect(await emptying.sweep(new Date('2026-01-10T08:30:00Z'))).toEqual([]);
    expect(await door(e.id)).toMatchObject({ inside: 3, present: 3 });
    // At 03:10 the cut is the 10th's 03:00 (09:00 UTC): emptied.
    expect(await emptying.sweep(new Date('2026-01-10T09:10:00Z'))).toEqual([{ kind: 'externo', eventId: e.id, count: 3 }]);
    expect(await door(e.id)).toMatchObject({ inside: 0, present: 0 });
    expect(await emptied(e.id)).toEqual([{ actor_id: null, count: 3, cut: '2026-01-10T09:00:00.000Z' }]);
  });

  it('DOOR_EMPTY_AT=off: the run empties nothing; on demand still does', async () => {
    const { e } = await eventWithPeopleInside(2, 2);
    await lastChange(e.id, new Date(Date.now() - 2 * 86_400_000).toISOString());
    const off = await otherWorkers({ ...t.config, doorEmptyAt: null });
    try {
      await off.get(DoorEmptySweepJob).handle();
    } finally {
      await off.close();
    }
    expect(await door(e.id)).toMatchObject({ inside: 2, present: 2 });
    expect(await emptied(e.id)).toEqual([]);
    const res = await t.as(admin).post(`/api/eventos-externos/${e.id}/occupancy/empty`).expect(200);
    expect(res.body).toMatchObject({ count: 2, occupancy: { inside: 0 } });
    const [run] = await emptied(e.id);
    expect(run).toMatchObject({ count: 2, cut: null });
    expect(run.actor_id).not.toBeNull();
  });
});
