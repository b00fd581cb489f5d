import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { RESPONSE_BYTES_KEPT } from './webhooks.constants';
import type { CheckedTarget } from './webhook-target';

export interface SendResult {
  /** The receiver's HTTP status, null when no answer came (refused, timeout, TLS). */
  code: number | null;
  latencyMs: number;
  /** The first bytes of the answer's body (RESPONSE_BYTES_KEPT). */
  response: string | null;
  error: string | null;
}

/** A body larger than this is not read to its end (the connection is dropped). */
const MAX_READ = 64 * 1024;

/**
 * POSTs one delivery to a checked target. The connection goes to the address the guard checked (the lookup is
 * pinned to it), never to a second resolution; TLS still verifies the certificate against the URL's host name.
 * Redirects are not followed (a 3xx is a failed attempt).
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly http = new HttpAgent({ keepAlive: true, maxSockets: 8 });
  private readonly https = new HttpsAgent({ keepAlive: true, maxSockets: 8 });

  send(target: CheckedTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendResult> {
    const started = performance.now();
    const pinned: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
          { address: target.address, family: target.family },
        ]);
      else callback(null, target.address, target.family);
    };
    const secure = target.url.protocol === 'https:';
    const host = target.url.hostname.replace(/^\[|\]$/g, '');
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const done = (r: Omit<SendResult, 'latencyMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...r, latencyMs: Math.round(performance.now() - started) });
      };
      const req = (secure ? httpsRequest : httpRequest)(
        {
          protocol: target.url.protocol,
          hostname: host,
          port: target.url.port || (secure ? 443 : 80),
          path: `${target.url.pathname}${target.url.search}`,
          method: 'POST',
          headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
          lookup: pinned,
          agent: secure ? this.https : this.http,
          ...(secure && !isIP(host) ? { servername: host } : {}),
        },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            if (read < RESPONSE_BYTES_KEPT) chunks.push(chunk);
            read += chunk.length;
            if (read > MAX_READ) res.destroy();
          });
          const finish = () =>
            done({
              code: res.statusCode ?? null,
              response: Buffer.concat(chunks).subarray(0, RESPONSE_BYTES_KEPT).toString('utf8') || null,
              error: null,
            });
          res.on('end', finish);
          res.on('close', finish);
          res.on('error', finish);
        },
      );
      const timer = setTimeout(() => {
        req.destroy();
        done({ code: null, response: null, error: `Sin respuesta en ${timeoutMs} ms.` });
      }, timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) => done({ code: null, response: null, error: connectionError(err) }));
      req.end(body);
    });
  }

  onApplicationShutdown(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

/** What happened to the connection, in the staff's words. */
function connectionError(err: NodeJS.ErrnoException): string {
  const known: Record<string, string> = {
    ECONNREFUSED: 'El receptor rechazó la conexión',
    ECONNRESET: 'El receptor cerró la conexión',
    ETIMEDOUT: 'Se agotó el tiempo al conectar',
    EHOSTUNREACH: 'No se alcanza el receptor',
    CERT_HAS_EXPIRED: 'El certificado del receptor venció',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'El certificado del receptor no es de confianza',
    ERR_TLS_CERT_ALTNAME_INVALID: 'El certificado del receptor es de otro dominio',
  };
  return `${known[err.code ?? ''] ?? 'Error de conexión'} (${err.code ?? err.message}).`;
}
