import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import {
  LOGIN_BASE_DELAY_SECONDS,
  LOGIN_FAILURE_MEMORY_SECONDS,
  LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  LOGIN_MAX_DELAY_SECONDS,
} from './auth.constants';
import { RedisLimit, tooManyRequests, type RedisScript } from '@core/redis/redis-limit';
import { RedisService } from '@core/redis/redis.service';

/**
 * Takes an attempt if neither counter asks it to wait: every attempt counts as a failure until the password
 * proves right (so a burst of parallel guesses cannot all slip through before the first one is counted).
 * KEYS: account+address, address. ARGV: now (ms), free failures per key (2), base delay, max delay (ms),
 * memory (s). Answers 0 (go ahead) or the milliseconds to wait.
 */
const TAKE_ATTEMPT = `
local now = tonumber(ARGV[1])
local base, max, memory = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local wait = 0
for i = 1, 2 do
  local failures = tonumber(redis.call('HGET', KEYS[i], 'failures') or '0')
  local free = tonumber(ARGV[i + 1])
  if failures >= free then
    local last = tonumber(redis.call('HGET', KEYS[i], 'last') or '0')
    local delay = math.min(base * 2 ^ (failures - free), max)
    wait = math.max(wait, last + delay - now)
  end
end
if wait > 0 then return math.ceil(wait) end
for i = 1, 2 do
  redis.call('HINCRBY', KEYS[i], 'failures', 1)
  redis.call('HSET', KEYS[i], 'last', now)
  redis.call('EXPIRE', KEYS[i], memory)
end
return 0`;

/** The right password: the pair is forgotten, and the address gets back the failure its attempt was counted as. */
const ATTEMPT_SUCCEEDED = `
redis.call('DEL', KEYS[1])
if tonumber(redis.call('HGET', KEYS[2], 'failures') or '0') > 0 then redis.call('HINCRBY', KEYS[2], 'failures', -1) end
return 0`;

type ThrottleCommands = {
  aforoLoginTake(pair: string, address: string, ...args: Array<string | number>): Promise<number>;
  aforoLoginSucceeded(pair: string, address: string): Promise<number>;
};
const COMMANDS: Record<keyof ThrottleCommands, RedisScript> = {
  aforoLoginTake: { numberOfKeys: 2, lua: TAKE_ATTEMPT },
  aforoLoginSucceeded: { numberOfKeys: 2, lua: ATTEMPT_SUCCEEDED },
};

/**
 * Sign-in throttling that cannot be used to keep someone out (OWASP Authentication Cheat Sheet): failures
 * are counted per account *and address* and per address alone, never per account alone, and past a few
 * free failures each further attempt waits a delay that doubles (30 s, 1 min, 2 min … 15 min). An attacker's
 * address is slowed for the accounts it guesses (and for all, past 20 failures); the owner signing in from
 * any other address is untouched. Counted in Redis, shared by every API process; if Redis is unreachable,
 * sign-in stays possible (fails open, and says so in the log).
 */
@Injectable()
export class LoginThrottle extends RedisLimit<ThrottleCommands> {
  constructor(redis: RedisService) {
    super(redis, COMMANDS);
  }

  /** The Redis keys of an attempt (the e-mail hashed: no personal data in key names). */
  keys(email: string, address: string): [pair: string, address: string] {
    const account = createHash('sha256').update(email).digest('base64url').slice(0, 22);
    return [this.redis.key('login', 'pair', account, address), this.redis.key('login', 'address', address)];
  }

  /** Counts the attempt as a failure (undone by `succeeded`), or refuses it with 429 and Retry-After. */
  async take(email: string, address: string): Promise<void> {
    let waitMs: number;
    try {
      waitMs = Number(
        await this.client.aforoLoginTake(
          ...this.keys(email, address),
          Date.now(),
          LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS,
          LOGIN_FREE_FAILURES_PER_ADDRESS,
          LOGIN_BASE_DELAY_SECONDS * 1000,
          LOGIN_MAX_DELAY_SECONDS * 1000,
          LOGIN_FAILURE_MEMORY_SECONDS,
        ),
      );
    } catch (err) {
      return this.unavailable('Login throttling (fails open)', err);
    }
    if (waitMs <= 0) return;
    const seconds = Math.ceil(waitMs / 1000);
    throw tooManyRequests(`Demasiados intentos fallidos de inicio de sesión. Intenta de nuevo en ${inSpanish(seconds)}.`, seconds);
  }

  async succeeded(email: string, address: string): Promise<void> {
    try {
      await this.client.aforoLoginSucceeded(...this.keys(email, address));
    } catch (err) {
      this.unavailable('Login throttling (fails open)', err);
    }
  }
}

function inSpanish(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}
