import { DELIVERY_STATUSES, WEBHOOK_EVENT_NAMES, WEBHOOK_PING, WEBHOOK_STATUSES } from '@shared/contracts/webhooks.contract';
import type { CallbacksObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { S, schemas, type JsonSchema } from '@core/http/openapi-answers';

const endpoint = {
  id: S.int(3),
  url: S.text('https://comunicacion.monterrey.gob.mx/aforo/webhook'),
  descripcion: S.nullable(S.text('Sitio de Comunicación Social')),
  eventos: S.list(S.oneOf(WEBHOOK_EVENT_NAMES)),
  estado: S.oneOf(WEBHOOK_STATUSES),
  motivo: S.nullable(S.text('Se pausó tras 10 intentos fallidos seguidos.')),
  fallos_seguidos: S.int(0),
  secreto_anterior_hasta: S.nullable(S.date('Hasta cuándo firma también el secreto anterior (rotación).')),
  pendientes: S.int(0, 'Entregas en la fila.'),
  creado_por: S.nullable(S.int(1)),
  created_at: S.date(),
  updated_at: S.date(),
};

/** An object some of whose properties are present only in some cases. */
const withOptional = (schema: JsonSchema, optional: readonly string[]): JsonSchema => ({
  ...schema,
  required: (schema.required as string[]).filter((k) => !optional.includes(k)),
});

/** The body every delivery carries: `datos` is the event's (the Webhook* components below). */
const envelope = (evento: string, datos: Record<string, JsonSchema>, description: string, optional: readonly string[] = []): JsonSchema =>
  S.object(
    {
      id: S.text(
        '5b0f7c1e-3a43-4a8e-9a61-6f1f0c2d9e10',
        'El evento de dominio (el mismo en todos los receptores). Para deduplicar, la cabecera Aforo-Delivery.',
      ),
      evento: S.oneOf([evento]),
      ocurrido_at: S.date('Cuándo ocurrió.'),
      datos: withOptional(S.object(datos), optional),
    },
    `${description} Cabeceras: Aforo-Delivery (id estable de la entrega), Aforo-Event, Aforo-Signature (t=<unix>,v1=<HMAC-SHA256 hex de "t.cuerpo">; dos v1= durante una rotación).`,
  );
const externo = { evento_id: S.int(12, 'El evento externo.') };

/** Each webhook's payload (docs/webhooks.md lists the same): no names, e-mails, phones or door codes. */
export const WebhookPayloadSchemas = schemas({
  WebhookRegistroCreado: envelope(
    'registro.creado',
    { ...externo, registro_id: S.int(345), estado: S.text('registered'), tipo_participante: S.text('ciudadano') },
    'Un registro público a un evento externo.',
  ),
  WebhookRegistroCancelado: envelope(
    'registro.cancelado',
    { ...externo, registro_id: S.int(345), motivo: S.oneOf(['cancelado', 'eliminado']) },
    'La persona canceló con su enlace, o el personal eliminó el registro.',
  ),
  WebhookAsistenciaConfirmada: envelope(
    'asistencia.confirmada',
    {
      tipo: S.oneOf(['externo', 'interno']),
      evento_id: S.int(12),
      registro_id: S.int(345, 'Solo externo.'),
      persona_id: S.int(88, 'Solo interno.'),
    },
    'Asistencia confirmada (en la puerta o por el personal; en un evento interno, por la persona invitada).',
    ['registro_id', 'persona_id'],
  ),
  WebhookAsientoAsignado: envelope(
    'asiento.asignado',
    { evento_id: S.int(7), asignacion_id: S.int(901), asiento: S.text('A-C-12'), persona_id: S.nullable(S.int(88)) },
    'Un asiento dado a una persona en un evento interno.',
  ),
  WebhookListaEsperaOferta: envelope(
    'lista_espera.oferta',
    {
      tipo: S.oneOf(['evento-externo', 'programa']),
      evento_id: S.int(12, 'Solo evento-externo.'),
      programa_id: S.int(4, 'Solo programa.'),
      entrada_id: S.int(55),
      oferta_hasta: S.nullable(S.date()),
    },
    'Se ofreció un lugar a la siguiente persona de una lista de espera.',
    ['evento_id', 'programa_id'],
  ),
  WebhookAforoAlarma: envelope(
    'aforo.alarma',
    {
      tipo: S.oneOf(['externo', 'interno']),
      evento_id: S.int(12),
      nivel: S.int(95, 'Porcentaje del aforo alcanzado.'),
      nivel_anterior: S.int(80),
      dentro: S.int(950),
      aforo: S.nullable(S.int(1000)),
    },
    'La ocupación en la puerta cruzó un nivel de alarma (DOOR_ALARM_LEVELS).',
  ),
  WebhookEventoCambiado: envelope(
    'evento.cambiado',
    {
      evento_id: S.int(12),
      cambio: S.oneOf(['creado', 'cambiado', 'eliminado']),
      estado: S.text('published', 'draft, published, cancelled o completed (no en eliminado).'),
      titulo: S.text('Feria del Empleo Monterrey 2026'),
      slug: S.text('feria-del-empleo-monterrey-2026'),
      fecha: S.date(),
      fin: S.nullable(S.date()),
      lugar: S.text('Parque Fundidora'),
      cupo: S.int(1000),
      inscritos: S.int(420),
      actualizado_at: S.date(),
    },
    'Un evento externo creado, cambiado (publicado, cancelado…) o eliminado. Todo lo de su página pública, nada del personal.',
    ['estado', 'titulo', 'slug', 'fecha', 'fin', 'lugar', 'cupo', 'inscritos', 'actualizado_at'],
  ),
  WebhookPing: envelope(WEBHOOK_PING, {}, "El botón 'probar': sin datos."),
});

const W = schemas({
  Webhook: S.object(endpoint, 'Un receptor de webhooks, sin su secreto.'),
  WebhookEntrega: S.object(
    {
      id: S.text('0d7c…', 'Aforo-Delivery: el mismo en cada intento.'),
      evento: S.oneOf([...WEBHOOK_EVENT_NAMES, WEBHOOK_PING]),
      estado: S.oneOf(DELIVERY_STATUSES),
      intentos: S.int(1),
      proximo_intento_at: S.nullable(S.date()),
      codigo_respuesta: S.nullable(S.int(200)),
      latencia_ms: S.nullable(S.int(84)),
      respuesta: S.nullable(S.text('ok', 'Los primeros 512 bytes de la respuesta.')),
      error: S.nullable(S.text('El receptor rechazó la conexión (ECONNREFUSED).')),
      ocurrido_at: S.date(),
      entregada_at: S.nullable(S.date()),
      ultimo_intento_at: S.nullable(S.date()),
    },
    'Una entrega del registro de un webhook.',
  ),
});

const secret = S.text('whsec_3f9a…', 'El secreto para verificar Aforo-Signature: se muestra solo esta vez.');
export const WebhooksAnswers = {
  list: S.object({ webhooks: S.list(W.Webhook) }),
  created: S.object({
    message: S.message('Webhook registrado. Guarda el secreto: no se vuelve a mostrar.'),
    webhook: W.Webhook,
    secreto: secret,
  }),
  saved: withOptional(
    S.object({
      message: S.message('Webhook guardado.'),
      webhook: W.Webhook,
      secreto: { ...secret, description: 'Solo si se pidió rotar_secreto.' },
    }),
    ['secreto'],
  ),
  deleted: S.object({ message: S.message('Webhook eliminado.') }),
  deliveries: S.object({ entregas: S.list(W.WebhookEntrega), total: S.int(120) }),
  attempt: S.object({ message: S.message('Entregado: el receptor respondió 200.'), entrega: W.WebhookEntrega }),
};

/**
 * What Aforo sends to a registered URL (OpenAPI 3.0 `callbacks` of the registration; 3.1's `webhooks` section is not
 * available to this 3.0 document): one POST per delivery, its body one of the Webhook* payloads.
 */
export const WEBHOOK_CALLBACKS: CallbacksObject = {
  aviso: {
    '{$request.body#/url}': {
      post: {
        operationId: 'avisoWebhook',
        summary: 'Un aviso de Aforo al receptor registrado (firmado, al menos una vez, en orden)',
        security: [],
        parameters: [
          {
            name: 'Aforo-Delivery',
            in: 'header',
            required: true,
            description: 'Id estable de la entrega: el mismo en cada intento.',
            schema: { type: 'string', format: 'uuid' },
          },
          {
            name: 'Aforo-Event',
            in: 'header',
            required: true,
            description: 'El nombre del evento.',
            schema: S.oneOf([...WEBHOOK_EVENT_NAMES, WEBHOOK_PING]),
          },
          {
            name: 'Aforo-Signature',
            in: 'header',
            required: true,
            description: 't=<unix>,v1=<hex HMAC-SHA256 de "t.cuerpo">; dos v1= durante las 24 h de una rotación.',
            schema: S.text('t=1795826021,v1=3bc5a62a5ba41745b494703ad98296ba27d1ad889678bb6482d7f9f2ffc4bddd'),
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { oneOf: Object.values(WebhookPayloadSchemas) } } },
        },
        responses: {
          '200': { description: 'Cualquier 2xx: entregado.' },
          '410': { description: 'El receptor ya no existe: el webhook se deshabilita.' },
        },
      },
    },
  },
};
