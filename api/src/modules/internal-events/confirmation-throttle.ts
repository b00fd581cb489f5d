import { Injectable } from '@nestjs/common';
import {
  INTERNAL_CONFIRM_FAILURE_WINDOW_SECONDS,
  INTERNAL_CONFIRM_MAX_FAILURES_PER_EVENT,
  INTERNAL_CONFIRM_MAX_FAILURES_PER_IP,
} from './internal-events.constants';
import { LocalCounts, RedisLimit, tooManyRequests, type RedisScript } from '@core/redis/redis-limit';
import { RedisService } from '@core/redis/redis.service';

/** How long an attempt's "in flight" mark lives if its process dies before settling it. */
const PENDING_TTL_SECONDS = 30;
/** How long a confirmation waits, at most, for attempts in flight to settle before it is refused. */
const MAX_WAIT_MS = 10_000;
const RETRY_MS = 20;
const BUSY = -1;

/**
 * Reserves a check for one attempt. KEYS: failures per IP, failures per event, in flight per IP, in
 * flight per event. ARGV: IP limit, event limit, failure window, in-flight TTL.
 * Answers the seconds to wait when the recorded failures are at a limit; BUSY when failures plus the
 * attempts still being checked reach it (the caller retries shortly); 0 when the attempt may be checked.
 */
const RESERVE_SCRIPT = `
local fa = tonumber(redis.call('GET', KEYS[1]) or '0')
local fe = tonumber(redis.call('GET', KEYS[2]) or '0')
local ipLimit = tonumber(ARGV[1])
local eventLimit = tonumber(ARGV[2])
if fa >= ipLimit or fe >= eventLimit then
  local wait = 0
  if fa >= ipLimit then wait = redis.call('TTL', KEYS[1]) end
  if fe >= eventLimit then wait = math.max(wait, redis.call('TTL', KEYS[2])) end
  return wait > 0 and wait or tonumber(ARGV[3])
end
local pa = tonumber(redis.call('GET', KEYS[3]) or '0')
local pe = tonumber(redis.call('GET', KEYS[4]) or '0')
if fa + pa >= ipLimit or fe + pe >= eventLimit then return ${BUSY} end
redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], ARGV[4])
redis.call('INCR', KEYS[4])
redis.call('EXPIRE', KEYS[4], ARGV[4])
return 0`;

/** Settles an attempt: its in-flight marks go; when it failed (ARGV[1] = 1) the failures count it. */
const SETTLE_SCRIPT = `
for i = 3, 4 do
  if tonumber(redis.call('DECR', KEYS[i])) <= 0 then redis.call('DEL', KEYS[i]) end
end
if ARGV[1] == '1' then
  for i = 1, 2 do
    if redis.call('INCR', KEYS[i]) == 1 then redis.call('EXPIRE', KEYS[i], ARGV[2]) end
  end
end
return 0`;

type ThrottleCommands = {
  aforoConfirmReserve(...args: [string, string, string, string, number, number, number, number]): Promise<number>;
  aforoConfirmSettle(...args: [string, string, string, string, number, number]): Promise<number>;
};
const COMMANDS: Record<keyof ThrottleCommands, RedisScript> = {
  aforoConfirmReserve: { numberOfKeys: 4, lua: RESERVE_SCRIPT },
  aforoConfirmSettle: { numberOfKeys: 4, lua: SETTLE_SCRIPT },
};

type Keys = [failIp: string, failEvent: string, pendingIp: string, pendingEvent: string];

export interface Reservation {
  keys: Keys;
  /** Counted in this process (Redis was unreachable when it was reserved). */
  local: boolean;
}

/**
 * Guessing confirmation codes must not pay (docs/decisions/eventos-internos.md «Adivinar no paga»): failed public confirmations are limited per
 * IP (across events) and per event in Redis, shared by every API process.
 *
 * The limit stays exact under parallel guesses without counting right codes as failures: an attempt is
 * checked only while the recorded failures plus the attempts still being checked stay under the limit.
 * Attempts beyond that wait a few milliseconds for those in flight to settle, so fifty people confirming
 * at once from one venue's network all get through, and the eleventh parallel guess still waits for the
 * first ten to fail and is then refused. While Redis is unreachable the same rule is counted in this process
 * (`LocalCounts`): a code is a short secret, and an outage must not be a window for guessing it.
 */
@Injectable()
export class ConfirmationThrottle extends RedisLimit<ThrottleCommands> {
  private readonly local = new LocalCounts();

  constructor(redis: RedisService) {
    super(redis, COMMANDS);
  }

  async reserve(eventId: number, ip: string | null): Promise<Reservation> {
    const address = ip ?? 'unknown';
    const event = String(eventId);
    const keys: Keys = [
      this.redis.key('confirm-fail', 'ip', address),
      this.redis.key('confirm-fail', 'event', event),
      this.redis.key('confirm-pending', 'ip', address),
      this.redis.key('confirm-pending', 'event', event),
    ];
    const deadline = Date.now() + MAX_WAIT_MS;
    let wait: number;
    let local = false;
    for (;;) {
      try {
        wait = Number(
          await this.client.aforoConfirmReserve(
            ...keys,
            INTERNAL_CONFIRM_MAX_FAILURES_PER_IP,
            INTERNAL_CONFIRM_MAX_FAILURES_PER_EVENT,
            INTERNAL_CONFIRM_FAILURE_WINDOW_SECONDS,
            PENDING_TTL_SECONDS,
          ),
        );
        local = false;
      } catch (err) {
        this.unavailable('Confirmation throttling (counted in this process)', err);
        wait = this.reserveHere(keys);
        local = true;
      }
      if (wait !== BUSY) break;
      if (Date.now() >= deadline) {
        wait = 60;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw tooManyRequests(`Demasiados intentos fallidos. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`, wait);
    }
    return { keys, local };
  }

  /** RESERVE_SCRIPT's rule on this process's counters. */
  private reserveHere([failIp, failEvent, pendingIp, pendingEvent]: Keys): number {
    const fa = this.local.get(failIp);
    const fe = this.local.get(failEvent);
    const ipFull = fa >= INTERNAL_CONFIRM_MAX_FAILURES_PER_IP;
    const eventFull = fe >= INTERNAL_CONFIRM_MAX_FAILURES_PER_EVENT;
    if (ipFull || eventFull) {
      const wait = Math.max(ipFull ? this.local.ttl(failIp) : 0, eventFull ? this.local.ttl(failEvent) : 0);
      return wait > 0 ? wait : INTERNAL_CONFIRM_FAILURE_WINDOW_SECONDS;
    }
    const pa = this.local.get(pendingIp);
    const pe = this.local.get(pendingEvent);
    if (fa + pa >= INTERNAL_CONFIRM_MAX_FAILURES_PER_IP || fe + pe >= INTERNAL_CONFIRM_MAX_FAILURES_PER_EVENT) return BUSY;
    this.local.add(pendingIp, 1, PENDING_TTL_SECONDS);
    this.local.add(pendingEvent, 1, PENDING_TTL_SECONDS);
    return 0;
  }

  /** The attempt was not a failure (right code, or refused for another reason). */
  release(reservation: Reservation): Promise<void> {
    return this.settle(reservation, false);
  }

  /** The attempt was a wrong code: it counts against the address and the event for the window. */
  fail(reservation: Reservation): Promise<void> {
    return this.settle(reservation, true);
  }

  private async settle(reservation: Reservation, failed: boolean): Promise<void> {
    const [failIp, failEvent, pendingIp, pendingEvent] = reservation.keys;
    if (!reservation.local) {
      try {
        await this.client.aforoConfirmSettle(...reservation.keys, failed ? 1 : 0, INTERNAL_CONFIRM_FAILURE_WINDOW_SECONDS);
        return;
      } catch {
        // Redis went away since the reservation: its in-flight marks expire there, and a failure is counted here.
      }
    } else {
      this.local.add(pendingIp, -1, PENDING_TTL_SECONDS);
      this.local.add(pendingEvent, -1, PENDING_TTL_SECONDS);
    }
    if (failed) for (const key of [failIp, failEvent]) this.local.add(key, 1, INTERNAL_CONFIRM_FAILURE_WINDOW_SECONDS);
  }
}
