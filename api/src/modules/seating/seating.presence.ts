import { Injectable } from '@nestjs/common';
import type { SeatingPresenceUser } from '@core/contracts/seating.contract';
import { ROOMS } from '@core/events/socket-events';
import { RealtimeGateway } from '@core/realtime/realtime.gateway';
import { RedisService } from '@core/redis/redis.service';

/** A screen that stops saying it is there is gone after this long. */
export const PRESENCE_TTL_MS = 30_000;

/**
 * Who is working on an event's seating map: each open screen says so every PRESENCE_TTL_MS / 3 (and when
 * it leaves); kept in one Redis sorted set per event (member = user id and name, score = last heartbeat),
 * shared by every API process. The list is pushed to the seating room when someone arrives or leaves.
 */
@Injectable()
export class SeatingPresence {
  constructor(
    private readonly redis: RedisService,
    private readonly gateway: RealtimeGateway,
  ) {}

  private key(eventId: number) {
    return this.redis.key('seating-presence', String(eventId));
  }

  async here(eventId: number, user: { id: number; name: string }): Promise<SeatingPresenceUser[]> {
    const key = this.key(eventId);
    const now = Date.now();
    const member = JSON.stringify([user.id, user.name]);
    await this.redis.client.zremrangebyscore(key, 0, now - PRESENCE_TTL_MS);
    const renamed = await this.entriesOf(key, user.id, member);
    if (renamed.length) await this.redis.client.zrem(key, ...renamed);
    const added = await this.redis.client.zadd(key, now, member);
    await this.redis.client.pexpire(key, PRESENCE_TTL_MS * 2);
    const users = await this.list(eventId);
    if (Number(added) > 0) this.pushList(eventId, users);
    return users;
  }

  async left(eventId: number, userId: number): Promise<SeatingPresenceUser[]> {
    const key = this.key(eventId);
    const mine = await this.entriesOf(key, userId, null);
    if (mine.length) await this.redis.client.zrem(key, ...mine);
    const users = await this.list(eventId);
    if (mine.length) this.pushList(eventId, users);
    return users;
  }

  async list(eventId: number): Promise<SeatingPresenceUser[]> {
    const members = await this.redis.client.zrangebyscore(this.key(eventId), Date.now() - PRESENCE_TTL_MS, '+inf');
    return members.map((m) => JSON.parse(m) as [number, string]).map(([id, name]) => ({ id, name }));
  }

  /** The user's entries other than `keep` (an entry under an older name is replaced). */
  private async entriesOf(key: string, userId: number, keep: string | null): Promise<string[]> {
    const members = await this.redis.client.zrange(key, 0, -1);
    return members.filter((m) => m !== keep && (JSON.parse(m) as [number, string])[0] === userId);
  }

  private pushList(eventId: number, users: SeatingPresenceUser[]) {
    this.gateway.server?.to(ROOMS.internalEventSeating(eventId)).emit('seating.presence', {
      event_id: `presence:${eventId}:${Date.now()}`,
      occurred_at: new Date().toISOString(),
      data: { event_id: eventId, users },
    });
  }
}
