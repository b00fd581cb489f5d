import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { METRICS_PATH } from '../constants';
import { DomainException, ErrorCode } from '../errors/domain-exception';
import { toErrorAnswer } from '../errors/http-exception.filter';

/**
 * What each role of an API process does (ROLES, read in app-config.ts; `npm start` runs both in one process, a
 * cluster runs replicas of each behind HAProxy). The workers are their own entry point (workers/src/main.ts).
 */
type Roles = Pick<AppConfig, 'roles'>;

/** `api`: the routes, the API documents and the web app. A process without it answers only /api/health, /metrics and /socket.io. */
export const servesHttp = (config: Roles): boolean => config.roles.has('api');

/** `realtime`: socket.io (the gateway, its Redis adapter, the liveness beat). */
export const servesSockets = (config: Roles): boolean => config.roles.has('realtime');

/**
 * `realtime` also relays the outbox: several may run, SKIP LOCKED gives each row to one of them; an api-only process
 * records events and the NOTIFY of their INSERT wakes the realtime processes' relays.
 */
export const relaysOutbox = (config: Roles): boolean => config.roles.has('realtime');

/** A process without `api` (ROLES=realtime) answers its health, its metrics and socket.io (which never reaches Express). */
export function realtimeOnly() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/api/health' || req.path === METRICS_PATH) return next();
    // The same error answer as every other route (Spanish `message` and its code), through the one filter.
    const { status, body } = toErrorAnswer(
      new DomainException(ErrorCode.NotFound, 'Este proceso solo atiende el tiempo real (/socket.io) y /api/health.'),
    );
    res.status(status).json(body);
  };
}
