import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { AppConfig } from '../config/app-config';

/**
 * Which pages may talk to the socket server (OWASP ASVS 4.4, cross-site WebSocket hijacking): the app's own
 * origin, whose host is the one the request was sent to (`Host`, or `X-Forwarded-Host` behind a trusted
 * proxy), plus `ALLOWED_ORIGINS`. A request without `Origin` is not from a page script (browsers always
 * send it on WebSocket handshakes and cross-origin requests), so it is a server or app client, which could
 * write any `Origin` anyway: accepted, and the token decides what it may see. `Origin: null` (sandboxed
 * frames, files) is refused.
 */
export function socketOriginAllowed(req: IncomingMessage, config: Pick<AppConfig, 'allowedOrigins' | 'trustProxy'>): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (config.allowedOrigins.includes(url.origin)) return true;
  const forwarded = fromTrustedProxy(req, config.trustProxy) ? firstValue(req.headers['x-forwarded-host']) : undefined;
  const host = (forwarded ?? req.headers.host)?.toLowerCase();
  return host !== undefined && url.host === host;
}

const compiled = new WeakMap<string[], (address: string, hop: number) => boolean>();

/** Whether the hop that sent this request is one TRUST_PROXY names (the same rule Express applies to req.ip). */
function fromTrustedProxy(req: IncomingMessage, trust: false | string[]): boolean {
  const address = req.socket?.remoteAddress;
  if (trust === false || !address) return false;
  let check = compiled.get(trust);
  if (!check) {
    check = proxyaddr.compile(trust);
    compiled.set(trust, check);
  }
  return check(address, 0);
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
}
