import request from 'supertest';
import { ROOMS } from '../../api/src/shared/events/socket-events';
import { registrationBody } from '../factories/external-events';
import { TestCluster } from '../setup/cluster';
import { bearer, eventually, nextPush, type TestSocket } from '../setup/test-app';

type Pushed = { event_id: string; data: Record<string, unknown> };

/** Every push of one kind a socket receives from now on. */
function collect(socket: TestSocket, event: 'door.occupancy' | 'door.alarm'): Pushed[] {
  const got: Pushed[] = [];
  socket.on(event as never, ((msg: Pushed) => got.push(msg)) as never);
  return got;
}

/**
 * The door's live counts across the cluster: two boards on two realtime processes (behind HAProxy, scans sent
 * through it to the api replica) each receive every occupancy change and every alarm once, in order — the push
 * goes through the relay and the Redis adapter, not through the process that happened to take the scan.
 */
describe('door occupancy and alarms on two realtime processes', () => {
  const c = TestCluster.forTests({ api: 1, realtime: 2, workers: 1 });

  it('each board gets every change once, and each alarm once', async () => {
    const http = () => request(c.proxyUrl);
    const e = await c.publishedEvent(c.admin, 20, { aforo_maximo: 4 });
    for (let i = 0; i < 4; i++) {
      const r = await http()
        .post(`/api/eventos/${e.slug}/register`)
        .send(registrationBody(7100 + i));
      expect(r.status).toBe(201);
    }
    const codes = (
      await c.query<{ codigo: string }>(`SELECT codigo FROM external_registrations WHERE event_id = $1 ORDER BY id`, [e.id])
    ).map((r) => r.codigo);

    const boards: TestSocket[] = [];
    for (const replica of ['realtime1', 'realtime2']) {
      const s = await c.socket(c.direct(replica), c.admin);
      expect(await c.joinRoom(s, ROOMS.door('externo', e.id))).toEqual({ ok: true });
      boards.push(s);
    }
    const occupancy = boards.map((s) => collect(s, 'door.occupancy'));
    const alarms = boards.map((s) => collect(s, 'door.alarm'));

    // Four entries (3 of 4 = 75 %: no level; 4 of 4: 100 %), then one exit (back to 75 %: level 0 again).
    const steps: Array<{ code: string; direction: 'in' | 'out'; inside: number }> = [
      { code: codes[0], direction: 'in', inside: 1 },
      { code: codes[1], direction: 'in', inside: 2 },
      { code: codes[2], direction: 'in', inside: 3 },
      { code: codes[3], direction: 'in', inside: 4 },
      { code: codes[0], direction: 'out', inside: 3 },
    ];
    for (const step of steps) {
      const seen = boards.map((s) =>
        nextPush(s, 'door.occupancy', 20_000, (m: Pushed) => (m.data.occupancy as { inside: number }).inside === step.inside),
      );
      const r = await http()
        .post(`/api/eventos-externos/${e.id}/check-in`)
        .set(bearer(c.admin))
        .send({ code: step.code, gate: 'Puerta Norte', direction: step.direction });
      expect(r.status).toBe(200);
      expect(r.body.occupancy.inside).toBe(step.inside);
      await Promise.all(seen);
    }
    await eventually(() => alarms.every((a) => a.length >= 2), Boolean, 20_000);
    // Nothing more arrives once the relay is quiet.
    await new Promise((r) => setTimeout(r, 1000));
    for (let b = 0; b < boards.length; b++) {
      expect(occupancy[b].map((m) => (m.data.occupancy as { inside: number }).inside)).toEqual([1, 2, 3, 4, 3]);
      expect(new Set(occupancy[b].map((m) => m.event_id)).size).toBe(5);
      expect(alarms[b].map((m) => [m.data.previous_level, m.data.level])).toEqual([
        [0, 100],
        [100, 0],
      ]);
    }
  }, 120_000);
});
