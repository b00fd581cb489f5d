import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * A large JSON answer that a screen asks for again when it resyncs (the seating map: megabytes at 20,000
 * seats). Sent with a strong ETag, the SHA-1 of the body; a request whose If-None-Match names it gets
 * 304 and no body, and the screen keeps what it holds. Content-based, so it cannot go stale whatever
 * changed (a seat, a name, an attendance). Never stored by a browser or a proxy (no-store: the answer
 * names people); the screen keeps the last answer in memory and revalidates it itself.
 */
export function sendRevalidatedJson(req: Request, res: Response, body: unknown): void {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'no-store');
  if (req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(json);
}
