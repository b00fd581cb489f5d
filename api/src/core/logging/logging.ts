import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import pino, { type Logger as Pino } from 'pino';
import { SIGNED_LINK_PATHS } from '@shared/contracts/links.contract';

/** The buffered writers to flush at exit: one listener for all (tests create many apps in one process). */
const buffered = new Set<ReturnType<typeof pino.destination>>();

/**
 * The API's logs: one pino logger for Nest's own messages and one access line per request.
 * No per-request child logger and no request-scoped async storage: on a burst of public
 * registrations those (pino-http through nestjs-pino) cost more API CPU than the registration
 * itself. Lines go to stdout through a buffered writer, flushed at exit (or to `to`, for a test).
 */
export function createApiLogger(level: string, to?: pino.DestinationStream): Pino {
  if (to) return pino({ level }, to); // a test reading the lines
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  if (buffered.size === 0) process.once('exit', () => buffered.forEach((d) => d.flushSync()));
  buffered.add(destination);
  return pino({ level }, destination);
}

/** Nest's LoggerService on pino: `context` becomes a field; Nest's error(message, stack, context) keeps the stack. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    const [stack, ...others] = rest.length >= 2 ? rest : [undefined, ...rest];
    this.write('error', message, others, typeof stack === 'string' ? stack : undefined);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  private write(level: pino.Level, message: unknown, rest: unknown[], stack?: string) {
    if (!this.pino.isLevelEnabled(level)) return;
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    if (message instanceof Error) this.pino[level]({ context, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ context, ...message });
    else this.pino[level]({ context, ...(stack ? { stack } : {}) }, String(message));
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$|()[\]{}\\/-]/g, '\\$&');
/** The segment after any signed-link path (links.contract.ts: pages and API routes), in any letter case (Express's). */
const SIGNED_LINK_SEGMENT = new RegExp(`(${SIGNED_LINK_PATHS.map(escapeRegExp).join('|')})[^/?#]+`, 'gi');

/**
 * A request's URL as the log may keep it: the token of a signed link (`/api/registros/cancelar/<token>`,
 * `/lista-espera/aceptar/<token>`…) is a key to someone's registration, so it becomes `[token]`.
 */
export function redactSignedLinks(url: string): string {
  return url.replace(SIGNED_LINK_SEGMENT, '$1[token]');
}

/** The API token a request was made with (the access guard set it), so the log says which token made each call. */
function apiTokenOf(req: Request): { apiToken?: number } {
  const token = (req as Request & { user?: { apiToken?: { id: number } | null } }).user?.apiToken;
  return token ? { apiToken: token.id } : {};
}

/**
 * One line per finished request: method, path (signed-link tokens redacted), status, time, client address and the API
 * token's id when one made the call —
 * never headers or bodies, so never credentials. 5xx at error level, the rest at info. Costs nothing when the level
 * is above info and the request succeeds.
 */
export function accessLogMiddleware(logger: Pino) {
  let sequence = 0;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.originalUrl === '/api/health') return next(); // probes, every few seconds
    const started = performance.now();
    res.once('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id: ++sequence, method: req.method, url: redactSignedLinks(req.originalUrl), remoteAddress: req.ip, ...apiTokenOf(req) },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        'request completed',
      );
    });
    next();
  };
}
