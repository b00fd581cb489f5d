import type { WebhookDeliveryResponse, WebhookEndpointResponse, WebhookEvent } from '@shared/contracts/webhooks.contract';
import type { DeliveryRow, EndpointRow } from './webhooks.repository';
import { iso } from '@core/format/iso';

/** An endpoint as staff see it: never its secret. */
export function toWebhookResponse(r: EndpointRow): WebhookEndpointResponse {
  return {
    id: r.id,
    url: r.url,
    descripcion: r.descripcion,
    eventos: r.eventos as WebhookEvent[],
    estado: r.estado,
    motivo: r.motivo,
    fallos_seguidos: r.fallos_seguidos,
    secreto_anterior_hasta: iso(r.secreto_anterior_hasta),
    pendientes: r.pendientes,
    creado_por: r.creado_por,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

export function toDeliveryResponse(r: DeliveryRow): WebhookDeliveryResponse {
  return {
    id: r.id,
    evento: r.evento as WebhookDeliveryResponse['evento'],
    estado: r.estado,
    intentos: r.intentos,
    proximo_intento_at: r.estado === 'pendiente' ? iso(r.proximo_intento_at) : null,
    codigo_respuesta: r.codigo_respuesta,
    latencia_ms: r.latencia_ms,
    respuesta: r.respuesta,
    error: r.error,
    ocurrido_at: iso(r.orden_at)!,
    entregada_at: iso(r.entregada_at),
    ultimo_intento_at: iso(r.ultimo_intento_at),
  };
}
