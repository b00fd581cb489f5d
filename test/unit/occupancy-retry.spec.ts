import { RealtimeRegistry } from '../../api/src/core/realtime/realtime-registry';
import type { AforoServer } from '../../api/src/core/realtime/aforo-server';
import type { RoomPolicy } from '../../api/src/core/realtime/room-policy';

/**
 * A room's occupancy read across the cluster (fetchSockets) can fail for a moment — a realtime process starting
 * again after a crash has not answered yet. The room's last word must not be that failure: the read is tried again.
 */
describe('occupancy listeners: a failed read is tried again', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('fails twice, then reads the room and stops', async () => {
    const registry = new RealtimeRegistry({} as RoomPolicy);
    let calls = 0;
    const listener = jest.fn(async (_server: AforoServer, _room: string) => {
      calls += 1;
      if (calls <= 2) throw new Error('timeout reached: only 1 responses received out of 2');
    });
    registry.occupancy(/^sala:(\d+)$/, listener);
    registry.occupancyChanged({} as AforoServer, ['sala:7', 'otra:1']);
    for (let i = 0; i < 5; i += 1) await jest.advanceTimersByTimeAsync(1000);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(listener.mock.calls.every(([, room]) => room === 'sala:7')).toBe(true);
  });

  it('gives up after a bounded number of tries', async () => {
    const registry = new RealtimeRegistry({} as RoomPolicy);
    const listener = jest.fn(() => Promise.reject(new Error('Redis no responde')));
    registry.occupancy(/^sala:(\d+)$/, listener);
    registry.occupancyChanged({} as AforoServer, ['sala:7']);
    for (let i = 0; i < 40; i += 1) await jest.advanceTimersByTimeAsync(1000);
    // The first read and 20 more, a second apart (about the time a killed process takes to answer again).
    expect(listener).toHaveBeenCalledTimes(21);
  });
});
