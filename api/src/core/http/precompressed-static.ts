import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** The encodings the build writes beside each text asset (web/vite.config.ts), in order of preference. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/**
 * The encodings a request accepts, br before gzip whatever their q-values (both are lossless; br is
 * smaller), leaving out any given q=0; `*` stands for both unless named otherwise.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(token, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.has(name) ? q.get(name)! > 0 : (q.get('*') ?? 0) > 0);
  return ENCODINGS.filter((e) => accepts(e.name)).map((e) => e.name);
}

/**
 * URL path ("/assets/index-x.js") → the compressed files that exist for it (relative to `root`), found once at start-up.
 * Relative, and sent with `root`: `send` checks only the part below the root for dot-folders, so Aforo installed under
 * a folder such as `~/.local/aforo` still serves its files.
 */
function scan(root: string): Map<string, Partial<Record<Encoding, string>>> {
  const found = new Map<string, Partial<Record<Encoding, string>>>();
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        visit(path);
        continue;
      }
      const encoding = ENCODINGS.find((e) => name.endsWith(e.suffix));
      if (!encoding) continue;
      const original = path.slice(0, -encoding.suffix.length);
      const url = `/${relative(root, original).split(sep).join('/')}`;
      found.set(url, { ...found.get(url), [encoding.name]: relative(root, path) });
    }
  };
  visit(root);
  return found;
}

/**
 * Serves the brotli or gzip file made at build time when the browser accepts it, with the original's
 * Content-Type, `Content-Encoding` and `Vary: Accept-Encoding`; anything else falls through to the plain
 * static handler. `cacheControl` decides caching per URL (immutable for hashed assets).
 */
export function precompressedStatic(root: string, cacheControl: (urlPath: string) => string): RequestHandler {
  const files = scan(root);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const variants = files.get(req.path);
    if (!variants) return next();
    // The answer depends on Accept-Encoding for this URL, whichever variant is sent (caches must know).
    res.vary('Accept-Encoding');
    const encoding = acceptedEncodings(req.headers['accept-encoding']).find((e) => variants[e]);
    if (!encoding) return next();
    res.type(extname(req.path));
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', cacheControl(req.path));
    res.sendFile(variants[encoding]!, { root, cacheControl: false, dotfiles: 'deny' }, (err) => {
      if (err && !res.headersSent) next(err);
    });
  };
}
