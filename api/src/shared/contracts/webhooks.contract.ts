/**
 * Webhooks (issue 33 §1): endpoints other systems register to hear the platform's domain events, signed, retried and
 * logged. What the web and the server both speak: the events one may subscribe to, the statuses, the wire shapes.
 * Payload fields per event: docs/webhooks.md (and the OpenAPI components `Webhook*`).
 */

/** The events an endpoint may subscribe to (stable names: receivers switch on them), with their label on screen. */
export const WEBHOOK_EVENTS = {
  'registro.creado': 'Registro creado (evento externo)',
  'registro.cancelado': 'Registro cancelado o eliminado (evento externo)',
  'asistencia.confirmada': 'Asistencia confirmada (eventos externos e internos)',
  'asiento.asignado': 'Asiento asignado (evento interno)',
  'lista_espera.oferta': 'Oferta de lugar de una lista de espera',
  'aforo.alarma': 'Alarma de aforo en la puerta',
  'evento.cambiado': 'Evento externo creado, publicado, cambiado o eliminado',
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as WebhookEvent[];
/** The event 'probar' sends: no data, only proof that the endpoint answers and verifies the signature. */
export const WEBHOOK_PING = 'ping';

/** activo: receives · pausado: by staff, or after too many failures in a row · deshabilitado: the receiver answered 410. */
export const WEBHOOK_STATUSES = ['activo', 'pausado', 'deshabilitado'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
/** What staff may set: deshabilitado is the receiver's word (410), undone by setting activo again. */
export const WEBHOOK_SETTABLE_STATUSES = ['activo', 'pausado'] as const;

/** pendiente: in line or waiting for its next attempt · entregada: a 2xx answer · fallida: refused for good or out of time. */
export const DELIVERY_STATUSES = ['pendiente', 'entregada', 'fallida'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WEBHOOK_LIMITS = { url: 2000, descripcion: 200, eventos: WEBHOOK_EVENT_NAMES.length } as const;
/** The delivery log's page size. */
export const DELIVERIES_PAGE_SIZE = 50;

export interface WebhookEndpointResponse {
  id: number;
  url: string;
  descripcion: string | null;
  eventos: WebhookEvent[];
  estado: WebhookStatus;
  /** Why it is paused or disabled (failures in a row, a 410), null when active or paused by staff without one. */
  motivo: string | null;
  fallos_seguidos: number;
  /** Until when the previous secret still signs too (a rotation), null without one. */
  secreto_anterior_hasta: string | null;
  pendientes: number;
  creado_por: number | null;
  created_at: string;
  updated_at: string;
}

/** POST /api/webhooks and a rotation: the only answers that carry the secret. */
export interface WebhookSecretAnswer {
  message: string;
  webhook: WebhookEndpointResponse;
  /** Shown once: `whsec_` and 64 hex characters. */
  secreto: string;
}

export interface WebhookDeliveryResponse {
  id: string;
  evento: WebhookEvent | typeof WEBHOOK_PING;
  estado: DeliveryStatus;
  intentos: number;
  proximo_intento_at: string | null;
  codigo_respuesta: number | null;
  latencia_ms: number | null;
  /** The first bytes of the receiver's last answer (capped), or why the attempt failed. */
  respuesta: string | null;
  error: string | null;
  ocurrido_at: string;
  entregada_at: string | null;
  ultimo_intento_at: string | null;
}

export interface WebhookDeliveryPage {
  entregas: WebhookDeliveryResponse[];
  total: number;
}

export interface WebhookInput {
  url: string;
  descripcion?: string | null;
  eventos: WebhookEvent[];
  estado?: (typeof WEBHOOK_SETTABLE_STATUSES)[number];
  /** PUT only: a new secret; the previous one keeps signing for 24 h. */
  rotar_secreto?: boolean;
}
