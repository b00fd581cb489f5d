import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/admin/queues/session → { url }: sets the 15-minute cookie the queue dashboard's pages use (they
 * cannot send the bearer header), then opens it. The tab is opened before the request so the browser does not
 * take it for a pop-up.
 */
export async function openQueueDashboard(): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const { url } = await apiRequest<{ url: string }>('/api/admin/queues/session', { method: 'POST' });
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
