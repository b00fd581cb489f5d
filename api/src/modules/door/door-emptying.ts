import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import type { EventActor } from '@shared/events/domain-events';
import { DoorRepository, type DoorKey, type OccupancyRow } from './door.repository';
import type { DoorSettings } from './door.settings';

/** The nightly run acts for nobody (audited as 'sistema'). */
const SYSTEM: EventActor = { userId: null, ip: null };

const wallClock = new Map<string, Intl.DateTimeFormat>();
/** The wall clock of `instant` in `timeZone`, read as if it were UTC (ms). */
function wallClockMs(instant: number, timeZone: string): number {
  let f = wallClock.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClock.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** The instant the clock in `timeZone` reads `hh:mm` on the day whose midnight, read as UTC, is `dayUtc`. */
function zoned(dayUtc: number, hh: number, mm: number, timeZone: string): number {
  const wall = dayUtc + (hh * 60 + mm) * 60_000;
  const floor = (t: number) => Math.floor(t / 1000) * 1000;
  let t = wall - (wallClockMs(wall, timeZone) - floor(wall));
  t = wall - (wallClockMs(t, timeZone) - floor(t)); // the offset at the answer, not at the guess (a DST change between)
  return t;
}

/**
 * The most recent nightly cut at or before `now`: today's `time` (HH:MM) in `timeZone`, or yesterday's if today's has
 * not come yet.
 */
export function lastCut(now: Date, time: string, timeZone: string): Date {
  const [hh, mm] = time.split(':').map(Number);
  const wall = wallClockMs(now.getTime(), timeZone);
  const today = wall - (wall % 86_400_000);
  const cut = zoned(today, hh, mm, timeZone);
  return new Date(cut <= now.getTime() ? cut : zoned(today - 86_400_000, hh, mm, timeZone));
}

/** An alarm is a change of level (up or down), written once: the statement that moved the counter says so. */
export async function recordDoorAlarm(
  tx: Transaction,
  key: DoorKey,
  o: Pick<OccupancyRow, 'alarm_level' | 'previous_level' | 'inside' | 'capacity'>,
) {
  if (o.alarm_level === o.previous_level) return;
  await tx.record({
    type: 'door.alarm',
    resourceId: `${key.kind}:${key.eventId}`,
    payload: {
      kind: key.kind,
      event_id: key.eventId,
      level: o.alarm_level,
      previous_level: o.previous_level,
      inside: o.inside,
      capacity: o.capacity,
    },
  });
}

/**
 * 'Vaciar recinto': on demand (a supervisor, DoorService.empty) and at night (DOOR_EMPTY_AT, the
 * workers' `door.empty-sweep`), one code path: everyone inside marked out in one statement, the counter down by as
 * many with its level (an alarm back to 0 is written and pushed as any change of level), the minute's point, and the
 * audited `door.emptied` — whose push moves every board.
 */
@Injectable()
export class DoorEmptying {
  private readonly logger = new Logger(DoorEmptying.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & DoorSettings,
    private readonly uow: UnitOfWork,
    private readonly repo: DoorRepository,
  ) {}

  /**
   * Empties one door in `tx`; answers how many went out. `cut`: the nightly run, which changes a door only if its last
   * change is before the cut and records nothing when nobody went out (a second run, or another workers process's).
   */
  async emptyIn(tx: Transaction, key: DoorKey, capacity: number | null, cut: Date | null = null): Promise<number> {
    const n = await this.repo.emptyPresence(tx.manager, key, cut);
    if (n > 0) {
      // By the rows this statement moved, not "to 0": an entry committing meanwhile keeps its person counted.
      const o = await this.repo.move(tx.manager, key, { delta: -n, lowest: -n, gates: [] }, capacity, this.config.doorAlarmLevels, true);
      if (o) await recordDoorAlarm(tx, key, o);
    }
    if (n > 0 || !cut) {
      await tx.record({
        type: 'door.emptied',
        resourceId: `${key.kind}:${key.eventId}`,
        payload: { kind: key.kind, event_id: key.eventId, count: n, ...(cut ? { cut: cut.toISOString() } : {}) },
      });
    }
    return n;
  }

  /**
   * The nightly run: every door with people inside whose last change is before the most recent DOOR_EMPTY_AT (local
   * time, TZ_DISPLAY), each in its own transaction; answers what it emptied. Off (null): nothing.
   */
  async sweep(now = new Date()): Promise<Array<DoorKey & { count: number }>> {
    const at = this.config.doorEmptyAt;
    if (!at) return [];
    const cut = lastCut(now, at, this.config.tzDisplay);
    const emptied: Array<DoorKey & { count: number }> = [];
    for (const door of await this.repo.doorsToEmpty(cut)) {
      const key = { kind: door.kind, eventId: door.eventId };
      const count = await this.uow.run(SYSTEM, (tx) => this.emptyIn(tx, key, door.capacity, cut));
      if (count === 0) continue;
      emptied.push({ ...key, count });
      this.logger.log(`Door ${key.kind}:${key.eventId} emptied at night (cut ${cut.toISOString()}): ${count} marked out`);
    }
    return emptied;
  }
}
