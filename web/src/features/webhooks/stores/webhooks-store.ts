/**
 * The screen 'Webhooks': the endpoints from GET /api/webhooks, reread on each webhooks.changed push (a change by
 * someone else, or the workers pausing one), and the delivery log of the endpoint opened, live (webhook.deliveries).
 */
import { proxy } from 'valtio';
import {
  DELIVERIES_PAGE_SIZE,
  type DeliveryStatus,
  type WebhookDeliveryResponse,
  type WebhookEndpointResponse,
} from '@shared/contracts/webhooks.contract';
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

/**
 * webhook.deliveries on the open log: a delivery on screen takes its new state (a push with fewer attempts than shown
 * is older: ignored); deliveries made go on top of the first page when they match the status filter, the total with
 * them. One that no longer matches the filter stays until the next load (it does not vanish under the pointer); one
 * not on screen that now matches it (a delivery that just failed, under «Fallida») reloads the page.
 */
export function applyDeliveries(webhookId: number, entregas: readonly WebhookDeliveryResponse[], nuevas: boolean): void {
  if (logState.webhookId !== webhookId) return;
  const rows = logState.entregas;
  const matches = (d: WebhookDeliveryResponse) => logState.estado === '' || d.estado === logState.estado;
  const made: WebhookDeliveryResponse[] = [];
  let reload = false;
  for (const d of entregas) {
    const i = rows.findIndex((r) => r.id === d.id);
    if (i >= 0) {
      if (rows[i].intentos <= d.intentos) rows[i] = d;
    } else if (nuevas) {
      if (matches(d)) made.push(d);
    } else if (logState.estado !== '' && matches(d)) reload = true;
  }
  if (reload) void loadLog();
  else if (made.length > 0) {
    logState.total += made.length;
    if (logState.page !== 1) return;
    rows.unshift(...made);
    rows.splice(DELIVERIES_PAGE_SIZE);
  }
}
