import { Body, Controller, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { Endpoint } from '@core/http/endpoint';
import { IdParam } from '@core/http/id-param.pipe';
import type { WebhookDeliveryResponse } from '@shared/contracts/webhooks.contract';
import type { EventActor } from '@shared/events/domain-events';
import { DeliveriesQueryDto, WebhookDto, WebhookUpdateDto } from './webhooks.dto';
import { WEBHOOK_CALLBACKS, WebhooksAnswers } from './webhooks.openapi';
import { WebhooksService } from './webhooks.service';

const DeliveryId = new ParseUUIDPipe({ exceptionFactory: () => new DomainException(ErrorCode.NotFound, 'La entrega no existe.') });

const attempted = (entrega: WebhookDeliveryResponse) => ({
  message:
    entrega.estado === 'entregada'
      ? `Entregado: el receptor respondió ${entrega.codigo_respuesta}.`
      : `No se entregó: ${entrega.error ?? `el receptor respondió ${entrega.codigo_respuesta}`}`,
  entrega,
});

/** Webhooks: super admins and the integraciones area (view reads, create registers, edit changes and sends, delete removes). */
@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Endpoint(
    'POST',
    { summary: 'Registrar un webhook (el secreto se muestra solo en esta respuesta)', callbacks: WEBHOOK_CALLBACKS },
    RequirePermission('integraciones', 'create'),
    {
      201: [
        'Registrado; `secreto` firma cada entrega (Aforo-Signature). Cuerpos de cada evento: componentes Webhook*.',
        WebhooksAnswers.created,
      ],
    },
  )
  create(@Body() dto: WebhookDto, @Actor() actor: EventActor) {
    return this.webhooks.create(dto, actor);
  }

  @Endpoint('GET', 'Listar los webhooks', RequirePermission('integraciones', 'view'), {
    200: ['Todos los webhooks, sin sus secretos.', WebhooksAnswers.list],
  })
  async list() {
    return { webhooks: await this.webhooks.list() };
  }

  @Endpoint('PUT :id', 'Cambiar un webhook: URL, eventos, activo o pausado, rotar el secreto', RequirePermission('integraciones', 'edit'), {
    200: ['Guardado; con rotar_secreto, el secreto nuevo (el anterior firma también 24 horas).', WebhooksAnswers.saved],
  })
  update(@IdParam() id: number, @Body() dto: WebhookUpdateDto, @Actor() actor: EventActor) {
    return this.webhooks.update(id, dto, actor);
  }

  @Endpoint('DELETE :id', 'Eliminar un webhook y su registro de entregas', RequirePermission('integraciones', 'delete'), {
    200: ['Eliminado.', WebhooksAnswers.deleted],
  })
  async remove(@IdParam() id: number, @Actor() actor: EventActor) {
    await this.webhooks.remove(id, actor);
    return { message: 'Webhook eliminado.' };
  }

  @Endpoint('GET :id/entregas', 'El registro de entregas de un webhook', RequirePermission('integraciones', 'view'), {
    200: ['Las entregas, las más recientes primero, 50 por página.', WebhooksAnswers.deliveries],
  })
  deliveries(@IdParam() id: number, @Query() query: DeliveriesQueryDto) {
    return this.webhooks.deliveries(id, query);
  }

  @Endpoint(
    'POST :id/entregas/:deliveryId/reenviar',
    'Reenviar una entrega terminada, con el mismo Aforo-Delivery',
    RequirePermission('integraciones', 'edit'),
    { 200: ['Un intento más, ahora; la respuesta del receptor.', WebhooksAnswers.attempt] },
  )
  async resend(@IdParam() id: number, @Param('deliveryId', DeliveryId) deliveryId: string, @Actor() actor: EventActor) {
    return attempted(await this.webhooks.resend(id, deliveryId, actor));
  }

  @Endpoint('POST :id/probar', 'Enviar un ping firmado al webhook', RequirePermission('integraciones', 'edit'), {
    200: ['El ping y la respuesta del receptor.', WebhooksAnswers.attempt],
  })
  async ping(@IdParam() id: number, @Actor() actor: EventActor) {
    return attempted(await this.webhooks.ping(id, actor));
  }
}
