import type { NextFunction, Request, Response } from 'express';
import type { MetricsRegistry } from './metrics-registry';

/** Seconds: from a cached public page (a few ms) to a slow import upload. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a request that matched no route is counted as (the web app's files, an unknown path, a refused one). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * `http_request_duration_seconds{method, route, status_code}`: each answered request under the route pattern that
 * served it (`/api/eventos/:slug/register`), never the URL itself, which carries ids, slugs and signed tokens.
 */
export function httpMetricsMiddleware(metrics: MetricsRegistry) {
  const histogram = metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'Tiempo de respuesta HTTP por ruta (el patrón de la ruta, no la URL), método y código de estado.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: HTTP_BUCKETS,
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      histogram.observe({ method: req.method, route: routePattern(req), status_code: String(res.statusCode) }, seconds);
    });
    next();
  };
}

/** The pattern Express matched (Nest registers each route with its global prefix), or UNMATCHED_ROUTE. */
function routePattern(req: Request): string {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return UNMATCHED_ROUTE;
  return `${req.baseUrl}${path}`;
}
