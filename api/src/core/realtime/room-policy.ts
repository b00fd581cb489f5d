import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../access/current-user';

export type RoomCheck = (user: AuthUser | null, room: string, match: RegExpMatchArray) => boolean | Promise<boolean>;

/** Public rooms carry counts only, never personal data; anonymous sockets may join nothing else. */
export const PUBLIC_ROOM_PREFIX = 'public:';

/**
 * The join rule of every room kind, checked on the server at each join and again when the
 * caller's access changes. Modules register their own kinds; an unknown room is refused.
 */
@Injectable()
export class RoomPolicy {
  private readonly rules: Array<{ pattern: RegExp; check: RoomCheck }> = [];

  constructor() {
    // Each user's own channel is the platform's; every other kind belongs to an area (RealtimeRegistry.rooms).
    this.register(/^user:(\d+)$/, (user, _room, m) => !!user && user.id === Number(m[1]));
  }

  /** Rooms whose pattern starts with "public:" must not require a user; all others must. */
  register(pattern: RegExp, check: RoomCheck): void {
    this.rules.push({ pattern, check });
  }

  async canJoin(user: AuthUser | null, room: string): Promise<boolean> {
    if (typeof room !== 'string' || room.length > 200) return false;
    if (!user && !room.startsWith(PUBLIC_ROOM_PREFIX)) return false;
    for (const { pattern, check } of this.rules) {
      const match = room.match(pattern);
      if (match) return check(user, room, match);
    }
    return false;
  }
}

export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
