import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { DomainException, ErrorCode } from '../errors/domain-exception';

/**
 * Who may read `GET /metrics` (docs/decisions/plataforma.md «Quién lee /metrics»), the same rule on every process (the
 * AccessGuard's `metrics` routes and the workers' own listener):
 * - this machine: the connection comes from loopback and no proxy names another client (X-Forwarded-For, Forwarded,
 *   X-Real-IP all absent or loopback — HAProxy always names the client, so a citizen through it is not "this machine");
 * - anyone else, only with `Authorization: Bearer <METRICS_TOKEN>`: without METRICS_TOKEN the path does not exist for
 *   them (404), with it a missing or wrong token is a 401.
 */
export type MetricsAccess = 'allowed' | 'unauthorized' | 'not-found';

export function metricsAccess(peer: string | undefined, headers: IncomingHttpHeaders, token: string | null): MetricsAccess {
  if (isLoopbackAddress(peer) && forwardedAddresses(headers).every(isLoopbackAddress)) return 'allowed';
  if (!token) return 'not-found';
  return bearerMatches(headers.authorization, token) ? 'allowed' : 'unauthorized';
}

/** The refusal, the same on every process: 404 as any unknown path, or 401 asking for the bearer token. */
export function metricsRefusal(access: Exclude<MetricsAccess, 'allowed'>): DomainException {
  return access === 'unauthorized'
    ? new DomainException(ErrorCode.Unauthenticated, 'Se requiere un token válido para leer las métricas.', undefined, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      })
    : new DomainException(ErrorCode.NotFound, 'El recurso solicitado no existe.');
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || /^127(\.\d{1,3}){3}$/.test(a);
}

/** Every client address a proxy on the way named (X-Forwarded-For, Forwarded's for=, X-Real-IP). */
function forwardedAddresses(headers: IncomingHttpHeaders): string[] {
  const values = (h: string | string[] | undefined) => (Array.isArray(h) ? h : h === undefined ? [] : [h]).flatMap((v) => v.split(','));
  const xff = values(headers['x-forwarded-for']).map((v) => v.trim());
  const forwarded = values(headers.forwarded).flatMap((part) =>
    part
      .split(';')
      .map((pair) => pair.trim())
      .filter((pair) => /^for=/i.test(pair))
      // for="[::1]:1234", for=127.0.0.1, for=unknown: the address alone (an unknown one is not loopback)
      .map((pair) =>
        pair
          .slice(4)
          .replace(/^"|"$/g, '')
          .replace(/^\[([^\]]*)\].*$/, '$1')
          .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1'),
      ),
  );
  const realIp = values(headers['x-real-ip']).map((v) => v.trim());
  return [...xff, ...forwarded, ...realIp];
}

/** Constant-time comparison of the bearer token (digests of equal length, whatever was sent). */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!sent) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(sent), digest(token));
}
