import { applyDecorators, CanActivate, ExecutionContext, Injectable, Logger, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiHeader } from '@nestjs/swagger';
import type { Response } from 'express';
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AforoRequest } from '../access/current-user';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_LEASE_RENEW_MS,
  IDEMPOTENCY_POLL_MAX_MS,
  IDEMPOTENCY_POLL_MIN_MS,
  IDEMPOTENCY_WAIT_MS,
} from '../constants';
import { DomainException, ErrorCode } from '../errors/domain-exception';
import { errorHeadersOf, ReplayedAnswer } from '../errors/http-exception.filter';
import { IdempotencyRepository, type StoredAnswer } from './idempotency.repository';

export const IDEMPOTENT = 'aforo:idempotent';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer given again for a key (as Stripe names it). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_MESSAGES = {
  invalid: `La cabecera ${IDEMPOTENCY_KEY_HEADER} no es válida: debe tener de 1 a ${IDEMPOTENCY_KEY_MAX_LENGTH} caracteres imprimibles.`,
  reused: `Esta ${IDEMPOTENCY_KEY_HEADER} ya se usó con otra solicitud. Cada envío distinto necesita una clave nueva.`,
  inProgress: 'Esta solicitud todavía se está procesando. Espera unos segundos e intenta de nuevo.',
};

/**
 * Declares a write whose `Idempotency-Key` header is honoured (IdempotencyGuard): the same key and body get the
 * first answer again, another body with the key is refused. Without the header the route behaves as before.
 */
export const Idempotent = () =>
  applyDecorators(
    SetMetadata(IDEMPOTENT, true),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        'Una clave por envío (p. ej. un UUID). Repetir la solicitud con la misma clave y el mismo cuerpo devuelve la primera respuesta, sin hacer el cambio otra vez; con otro cuerpo, 422. Se recuerda 24 h.',
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
    }),
  );

/**
 * The header's key: `null` without the header, `undefined` when it is not 1–255 printable ASCII characters. A
 * Structured Fields string (`"…"`, as the IETF draft writes it) is read without its quotes.
 */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | null | undefined {
  if (raw === undefined) return null;
  let key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) key = key.slice(1, -1).replace(/\\(["\\])/g, '$1');
  return key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH && /^[\x20-\x7e]+$/.test(key) ? key : undefined;
}

/** JSON with every object's keys sorted: the same body however its fields were ordered. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((k) => [k, canonical(record[k])]),
    );
  }
  return value;
}

/** What makes two requests the same one: method, path (with its parameters) and body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, url, canonical(body ?? null)]))
    .digest('hex');
}

/**
 * Answers that are final for a request, given again for its key: successes and client errors, except those that
 * say "later" (408, 425, 429). A server error releases the key: nothing was decided, a retry processes anew.
 */
const isFinal = (status: number) => status < 500 && status !== 408 && status !== 425 && status !== 429;

/**
 * The one mechanism behind @Idempotent() (docs/decisions/plataforma.md, «Reintentos con Idempotency-Key»), like
 * Stripe and the IETF draft `draft-ietf-httpapi-idempotency-key-header`: the first request with a key (per route
 * and user) processes and its answer is kept for IDEMPOTENCY_KEY_TTL_MS; a repeat with the same body gets it
 * again, with another body 422. A repeat that arrives while the first is still processing waits for its answer
 * (at most IDEMPOTENCY_WAIT_MS, then 409): retries come from HAProxy and from the web app right after a network
 * error, and a wait gives them the real answer. A first request whose replica died leaves a lease that runs out
 * within IDEMPOTENCY_LEASE_MS; the waiting retry then takes the key over and processes.
 *
 * A global guard, the last of the three (after access and rate limits, so the caller is known and a refused or
 * limited request takes no key), not an interceptor: a route with an interceptor runs Nest's interceptor machinery
 * (RxJS, async-context binding) on every request, a third of the registration's API CPU (docs/benchmarks.md).
 * The answer is kept where Express writes it (`res.json`, which the handler's reply and the exception filter both
 * call, the validation's 422 included) before it leaves; a repeat's answer goes out through the exception filter
 * (`ReplayedAnswer`).
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: IdempotencyRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http' || !this.reflector.get<boolean>(IDEMPOTENT, context.getHandler())) return true;
    const req = context.switchToHttp().getRequest<AforoRequest>();
    const key = parseIdempotencyKey(req.headers['idempotency-key']);
    if (key === null) return true;
    if (key === undefined) throw new DomainException(ErrorCode.IdempotencyKeyInvalid, IDEMPOTENCY_MESSAGES.invalid);

    const route = (req.route as { path?: string } | undefined)?.path ?? req.path;
    const scope = `${req.method} ${route}${req.user ? ` user:${req.user.id}` : ''}`;
    const fingerprint = requestFingerprint(req.method, req.originalUrl, req.body);
    const owner = randomUUID();
    const earlier = await this.claim(scope, key, fingerprint, owner);
    if (earlier) throw new ReplayedAnswer(earlier.status, earlier.body, { ...earlier.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' });
    this.keepAnswerOf(context.switchToHttp().getResponse<Response>(), scope, key, owner);
    return true;
  }

  /**
   * This request holds the key: its lease is renewed while it works, and its answer is kept (a final one) or the
   * key released (a server error) before the answer leaves.
   */
  private keepAnswerOf(res: Response, scope: string, key: string, owner: string): void {
    const renewal = setInterval(() => {
      this.keys.renew(scope, key, owner, IDEMPOTENCY_LEASE_MS).catch((err: Error) => this.logger.warn(`Lease not renewed: ${err.message}`));
    }, IDEMPOTENCY_LEASE_RENEW_MS);
    renewal.unref();
    let settled = false;
    const release = () => this.keys.release(scope, key, owner).catch((err: Error) => this.logger.warn(`Key not released: ${err.message}`));
    const json = res.json;
    res.json = (body: unknown) => {
      res.json = json;
      settled = true;
      clearInterval(renewal);
      const status = res.statusCode;
      const settle = isFinal(status)
        ? this.keys
            .answer(scope, key, owner, { status, body: body ?? null, headers: status >= 400 ? errorHeadersOf(res) : null })
            .catch((err: Error) => this.logger.warn(`Answer not kept: ${err.message}`))
        : release();
      void settle.then(() => json.call(res, body));
      return res;
    };
    // An answer written past `res.json` (a handler that returns nothing: `res.send()`) is not kept: the key is released
    // once it has gone. A client that went away before its answer changes nothing: the handler still runs to its
    // answer, which is kept for the retry that is already waiting on the lease.
    res.once('finish', () => {
      clearInterval(renewal);
      if (!settled) void release();
    });
  }

  /** Takes the key (null: this request processes) or answers the first request's answer, waiting for it a while. */
  private async claim(scope: string, key: string, fingerprint: string, owner: string): Promise<StoredAnswer | null> {
    const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
    let pause = IDEMPOTENCY_POLL_MIN_MS;
    for (;;) {
      const state = await this.keys.claim(scope, key, fingerprint, owner, IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_KEY_TTL_MS);
      if (state.kind === 'claimed') return null;
      if (state.kind !== 'unknown' && state.fingerprint !== fingerprint) {
        throw new DomainException(ErrorCode.IdempotencyKeyReused, IDEMPOTENCY_MESSAGES.reused);
      }
      if (state.kind === 'answered') return state.answer;
      if (Date.now() >= deadline) {
        throw new DomainException(ErrorCode.IdempotencyKeyInProgress, IDEMPOTENCY_MESSAGES.inProgress, undefined, { 'Retry-After': '1' });
      }
      await sleep(pause);
      pause = Math.min(pause * 2, IDEMPOTENCY_POLL_MAX_MS);
    }
  }
}
