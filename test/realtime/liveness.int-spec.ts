import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { RealtimeLiveness } from '../../api/src/core/process/realtime-liveness';
import { redisOptionsFromUrl } from '../../api/src/core/redis/redis-options';
import { readHarnessEnv } from '../setup/harness-env';
import { eventually } from '../setup/test-app';

/**
 * The realtime processes' shared liveness set (real Redis). A process killed before its first beat reached Redis
 * was never seen alive, so nobody noticed it gone and its sockets stayed in the seating presence: the first beat
 * must go as soon as the client is connected, not one beat period later.
 */
describe('realtime liveness', () => {
  const clients: Redis[] = [];
  const lives: RealtimeLiveness[] = [];
  const key = `aforo-test:${randomBytes(4).toString('hex')}:alive`;
  // `early`: commands refused until connected, as the API's clients are (enableOfflineQueue: false).
  const client = (early = false) => {
    const c = new Redis(redisOptionsFromUrl(readHarnessEnv().redisUrl, early ? { enableOfflineQueue: false, lazyConnect: true } : {}));
    clients.push(c);
    return c;
  };

  afterAll(async () => {
    for (const l of lives) await l.stop();
    await clients[0]?.del(key);
    for (const c of clients) c.disconnect();
  });

  it('a process started before its Redis connection is up is in the set once connected, before its next beat', async () => {
    const early = client(true);
    // A beat period far longer than the test: only the first beat can put it in the set.
    const live = new RealtimeLiveness(early, key, () => undefined);
    lives.push(live);
    live.start(10 * 60_000);
    // Connected now (a command sent before may have started the connection already).
    const ready = new Promise((resolve) => early.once('ready', resolve));
    await early.connect().catch(() => undefined);
    if (early.status !== 'ready') await ready;
    const reader = client();
    await eventually(
      () => reader.zscore(key, live.id),
      (score) => score !== null,
      5000,
    );
  });

  it('a peer that vanishes without a word is reported gone', async () => {
    const gone: string[][] = [];
    const watcher = new RealtimeLiveness(client(), key, (ids) => gone.push(ids), 500);
    const peer = new RealtimeLiveness(client(), key, () => undefined, 500);
    lives.push(watcher);
    await peer.beat();
    await watcher.beat();
    // The peer never beats again (killed): past the timeout, the watcher's next beat names it.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await watcher.beat();
    expect(gone.flat()).toContain(peer.id);
  });
});
