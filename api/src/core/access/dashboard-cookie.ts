import type { Request } from 'express';

/**
 * The queue dashboard's browser pages cannot send a bearer header: a super admin gets a cookie for them
 * (modules/queue-dashboard). Here: where the dashboard lives, the cookie (only sent there) and the claim that
 * marks its token, which opens nothing else.
 */
export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';
export const QUEUE_DASHBOARD_COOKIE = 'aforo_queues';
export const QUEUE_DASHBOARD_SCOPE = 'queues';

export function isQueueDashboardPath(path: string): boolean {
  return path === QUEUE_DASHBOARD_PATH || path.startsWith(`${QUEUE_DASHBOARD_PATH}/`);
}

/** The dashboard token from its cookie, read only on the dashboard's own paths. */
export function queueDashboardCookie(req: Request): string | null {
  if (!isQueueDashboardPath(req.path ?? '')) return null;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === QUEUE_DASHBOARD_COOKIE) return value.join('=') || null;
  }
  return null;
}
