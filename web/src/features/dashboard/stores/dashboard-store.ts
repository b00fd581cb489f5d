import { proxy } from 'valtio';
import type { AuditLogResponse } from '@shared/contracts/users.contract';
import { RECENT_ACTIVITY_LIMIT } from '../../../lib/constants';
import { getFeaturedEvent, type FeaturedEvent } from '../api/get-featured-event';

export const dashboardState = proxy<{
  featured: FeaturedEvent | null;
  featuredLoaded: boolean;
  recent: AuditLogResponse[];
}>({ featured: null, featuredLoaded: false, recent: [] });

function newestFirst(a: AuditLogResponse, b: AuditLogResponse): number {
  const byDate = new Date(b.created_at).getTime() - new Date(a.created_at).getTime();
  return byDate !== 0 ? byDate : b.id - a.id;
}

/** Merges entries into the recent list: unique by id, newest first, at most 5. */
function mergeRecent(entries: readonly AuditLogResponse[]): AuditLogResponse[] {
  const byId = new Map<number, AuditLogResponse>();
  for (const entry of entries) if (!byId.has(entry.id)) byId.set(entry.id, entry);
  return [...byId.values()].sort(newestFirst).slice(0, RECENT_ACTIVITY_LIMIT);
}

/** Replaces the list with the server's (GET /api/me audit_logs, newest first). */
export function setRecentActivity(entries: readonly AuditLogResponse[] | undefined): void {
  dashboardState.recent = mergeRecent(entries ?? []);
}

/** A live audit.created push: prepend, keep 5, ignore an entry already shown. */
export function prependActivity(entry: AuditLogResponse): void {
  if (dashboardState.recent.some((e) => e.id === entry.id)) return;
  dashboardState.recent = mergeRecent([entry, ...dashboardState.recent]);
}

export async function loadFeaturedEvent(): Promise<void> {
  try {
    const response = await getFeaturedEvent();
    dashboardState.featured = response.featured_event ?? null;
  } catch {
    dashboardState.featured = null;
  } finally {
    dashboardState.featuredLoaded = true;
  }
}
