/**
 * The screen 'Webhooks': the endpoints from GET /api/webhooks, reread on each webhooks.changed push (a change by
 * someone else, or the workers pausing one), and the delivery log of the endpoint opened.
 */
import { proxy } from 'valtio';
import type { DeliveryStatus, WebhookDeliveryResponse, WebhookEndpointResponse } from '@shared/contracts/webhooks.contract';
import { createListLoader, createLatest, loadLatest, notLoaded, type LoadState } from '../../../lib/loader';
import { getDeliveries, getWebhooks } from '../api/webhooks-api';

export const webhooksState = proxy<LoadState & { webhooks: WebhookEndpointResponse[] }>({ ...notLoaded(), webhooks: [] });

export const loadWebhooks = createListLoader(
  webhooksState,
  getWebhooks,
  (answer) => {
    webhooksState.webhooks = answer.webhooks;
  },
  'No se pudieron cargar los webhooks',
);

export const logState = proxy<{
  webhookId: number | null;
  estado: DeliveryStatus | '';
  page: number;
  entregas: WebhookDeliveryResponse[];
  total: number;
  loading: boolean;
  error: string | null;
}>({ webhookId: null, estado: '', page: 1, entregas: [], total: 0, loading: false, error: null });

const latestLog = createLatest();

/** Loads the log page of the endpoint opened (the last request wins). */
export function loadLog(): Promise<void> {
  const id = logState.webhookId;
  if (id === null) return Promise.resolve();
  logState.loading = true;
  return loadLatest(latestLog, () => getDeliveries(id, logState.estado, logState.page), {
    data(page) {
      logState.entregas = page.entregas;
      logState.total = page.total;
      logState.error = null;
    },
    error() {
      logState.error = 'No se pudo cargar el registro de entregas';
    },
    settled() {
      logState.loading = false;
    },
  });
}

export function openLog(id: number | null): void {
  logState.webhookId = id;
  logState.estado = '';
  logState.page = 1;
  logState.entregas = [];
  logState.total = 0;
  if (id !== null) void loadLog();
}
