import type {
  DeliveryStatus,
  WebhookDeliveryPage,
  WebhookDeliveryResponse,
  WebhookEndpointResponse,
  WebhookInput,
  WebhookSecretAnswer,
} from '@shared/contracts/webhooks.contract';
import { apiRequest } from '../../../lib/api-client';

type Attempt = { message: string; entrega: WebhookDeliveryResponse };

/** GET /api/webhooks → every endpoint, without its secret. */
export function getWebhooks(): Promise<{ webhooks: WebhookEndpointResponse[] }> {
  return apiRequest('/api/webhooks');
}

/** POST /api/webhooks → the endpoint and its secret (shown once). */
export function createWebhook(body: WebhookInput): Promise<WebhookSecretAnswer> {
  return apiRequest('/api/webhooks', { method: 'POST', body });
}

/** PUT /api/webhooks/{id} → the endpoint; with rotar_secreto, the new secret. */
export function updateWebhook(
  id: number,
  body: WebhookInput,
): Promise<{ message: string; webhook: WebhookEndpointResponse; secreto?: string }> {
  return apiRequest(`/api/webhooks/${id}`, { method: 'PUT', body });
}

export function deleteWebhook(id: number): Promise<{ message: string }> {
  return apiRequest(`/api/webhooks/${id}`, { method: 'DELETE' });
}

/** GET /api/webhooks/{id}/entregas → one page of the log, newest first. */
export function getDeliveries(id: number, estado: DeliveryStatus | '', page: number): Promise<WebhookDeliveryPage> {
  const query = new URLSearchParams({ page: String(page), ...(estado ? { estado } : {}) });
  return apiRequest(`/api/webhooks/${id}/entregas?${query}`);
}

export function resendDelivery(id: number, deliveryId: string): Promise<Attempt> {
  return apiRequest(`/api/webhooks/${id}/entregas/${deliveryId}/reenviar`, { method: 'POST' });
}

export function pingWebhook(id: number): Promise<Attempt> {
  return apiRequest(`/api/webhooks/${id}/probar`, { method: 'POST' });
}
