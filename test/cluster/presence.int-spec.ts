import request from 'supertest';
import { internalEventBody } from '../factories/internal-events';
import { TestCluster } from '../setup/cluster';
import { bearer, nextPush, type TestSocket } from '../setup/test-app';

type PresencePush = { data: { event_id: number; users: Array<{ id: number; name: string }> } };

/**
 * Seating presence (who has an event's seating map open) with two realtime processes behind HAProxy: it is
 * read from the room across the cluster, so a SIGKILLed realtime process, whose sockets never say goodbye,
 * must not leave its users listed on the other screens. The processes share a liveness set in Redis
 * (RealtimeLiveness); when one vanishes from it the others read their rooms again and push the list.
 */
describe('seating presence when a realtime process is killed (2 realtime behind HAProxy)', () => {
  const c = TestCluster.forTests({ api: 1, realtime: 2, workers: 1 });

  it('the users of the killed process leave the list the other screens see, without anyone joining or leaving', async () => {
    const http = () => request(c.proxyUrl);
    const created = await http().post('/api/eventos-internos').set(bearer(c.admin)).send(internalEventBody());
    expect(created.status).toBe(201);
    const eventId = (created.body.evento as { id: number }).id;
    const room = `internal-event-seating:${eventId}`;
    const made = await http()
      .post('/api/users')
      .set(bearer(c.admin))
      .send({
        name: 'Lucía Treviño',
        email: 'presencia-cluster@aforo.test',
        password: 'password-123',
        password_confirmation: 'password-123',
        permissions: { eventos_internos: ['view'] },
        is_super_admin: false,
      });
    expect(made.status).toBe(201);
    const lucia = (await http().post('/api/login').send({ email: 'presencia-cluster@aforo.test', password: 'password-123' })).body
      .token as string;

    // The admin's screen on realtime1; Lucía's on realtime2 (no reconnection: her machine is gone with it).
    const watcher = await c.socket(c.direct('realtime1'), c.admin);
    const names = (m: PresencePush) => m.data.users.map((u) => u.name).sort();
    const both = nextPush(watcher, 'seating.presence', 20_000, (m: PresencePush) => m.data.users.length === 2);
    expect(await c.joinRoom(watcher, room)).toEqual({ ok: true });
    const gone: TestSocket = await c.socket(c.direct('realtime2'), lucia);
    expect(await c.joinRoom(gone, room)).toEqual({ ok: true });
    expect(names(await both)).toContain('Lucía Treviño');

    // realtime2 dies without a word to the rooms; nobody joins or leaves afterwards.
    const corrected = nextPush(watcher, 'seating.presence', 30_000, (m: PresencePush) => m.data.users.length === 1);
    await c.crash('realtime2');
    const list = await corrected;
    expect(list.data.event_id).toBe(eventId);
    expect(names(list)).not.toContain('Lucía Treviño');
  }, 90_000);
});
