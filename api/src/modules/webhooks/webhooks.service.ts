import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import {
  WEBHOOK_PING,
  type WebhookDeliveryPage,
  type WebhookDeliveryResponse,
  type WebhookEndpointResponse,
  type WebhookSecretAnswer,
} from '@shared/contracts/webhooks.contract';
import type { EventActor } from '@shared/events/domain-events';
import type { DeliveriesQueryDto, WebhookDto, WebhookUpdateDto } from './webhooks.dto';
import { WebhooksError } from './webhooks.errors';
import { toDeliveryResponse, toWebhookResponse } from './webhooks.mapper';
import { WebhooksRepository } from './webhooks.repository';
import { WebhookAttempt } from './webhook-attempt';
import { newWebhookSecret } from './webhook-signature';
import { WebhookTargets } from './webhook-target';

const NOT_FOUND = 'El webhook no existe.';

/**
 * Webhook endpoints (docs/decisions/integraciones.md): registered by super admins and integraciones staff, checked by
 * the SSRF guard, signed with a secret shown once. Delivery is the workers' (webhook-line.ts); 'probar' and 'reenviar'
 * are one attempt from here, out of the line, answered at once.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: WebhooksRepository,
    private readonly targets: WebhookTargets,
    private readonly attempt: WebhookAttempt,
  ) {}

  async list(): Promise<WebhookEndpointResponse[]> {
    return (await this.repo.list()).map(toWebhookResponse);
  }

  async create(dto: WebhookDto, actor: EventActor): Promise<WebhookSecretAnswer> {
    await this.checkTarget(dto.url);
    const secreto = newWebhookSecret();
    const webhook = await this.uow.run(actor, async (tx) => {
      const id = await this.repo.insert(tx.manager, {
        url: dto.url,
        descripcion: dto.descripcion ?? null,
        eventos: dto.eventos,
        estado: dto.estado ?? 'activo',
        secreto,
        creado_por: actor.userId,
      });
      const created = toWebhookResponse((await this.repo.find(id, tx.manager))!);
      await tx.record({ type: 'webhook.created', resourceId: id, payload: { webhook: created } });
      return created;
    });
    return { message: 'Webhook registrado. Guarda el secreto: no se vuelve a mostrar.', webhook, secreto };
  }

  async update(
    id: number,
    dto: WebhookUpdateDto,
    actor: EventActor,
  ): Promise<{ message: string; webhook: WebhookEndpointResponse; secreto?: string }> {
    await this.get(id);
    await this.checkTarget(dto.url);
    const secreto = dto.rotar_secreto ? newWebhookSecret() : null;
    const webhook = await this.uow.run(actor, async (tx) => {
      if (
        !(await this.repo.update(tx.manager, id, {
          url: dto.url,
          descripcion: dto.descripcion ?? null,
          eventos: dto.eventos,
          estado: dto.estado ?? null,
          secreto,
        }))
      ) {
        throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
      }
      const updated = toWebhookResponse((await this.repo.find(id, tx.manager))!);
      await tx.record({ type: 'webhook.updated', resourceId: id, payload: { webhook: updated, secreto_rotado: secreto !== null } });
      return updated;
    });
    if (secreto) {
      return {
        message: 'Webhook guardado. Guarda el secreto nuevo: no se vuelve a mostrar; el anterior firma también durante 24 horas.',
        webhook,
        secreto,
      };
    }
    return { message: 'Webhook guardado.', webhook };
  }

  async remove(id: number, actor: EventActor): Promise<void> {
    await this.uow.run(actor, async (tx) => {
      if (!(await this.repo.delete(tx.manager, id))) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
      await tx.record({ type: 'webhook.deleted', resourceId: id, payload: { webhook_id: id } });
    });
  }

  async deliveries(id: number, query: DeliveriesQueryDto): Promise<WebhookDeliveryPage> {
    await this.get(id);
    const { rows, total } = await this.repo.deliveries(id, query.page ?? 1, query.estado);
    return { entregas: rows.map(toDeliveryResponse), total };
  }

  /** 'reenviar': one more attempt of a finished delivery, now, with the same id (the receiver may deduplicate on it). */
  async resend(id: number, deliveryId: string, actor: EventActor): Promise<WebhookDeliveryResponse> {
    await this.get(id);
    const delivery = await this.repo.delivery(id, deliveryId);
    if (!delivery) throw new DomainException(ErrorCode.NotFound, 'La entrega no existe.');
    if (delivery.estado === 'pendiente') {
      throw new DomainException(WebhooksError.DeliveryPending, 'La entrega sigue en la fila: se envía sola, en orden.');
    }
    return this.attemptOnce(id, delivery, 'webhook.delivery-resent', actor);
  }

  /** 'probar': a ping (no data) signed like any delivery, answered with the receiver's answer. */
  async ping(id: number, actor: EventActor): Promise<WebhookDeliveryResponse> {
    await this.get(id);
    const deliveryId = randomUUID();
    const cuerpo = JSON.stringify({ id: deliveryId, evento: WEBHOOK_PING, ocurrido_at: new Date().toISOString(), datos: {} });
    await this.repo.insertPing(this.repo.manager(), id, { id: deliveryId, cuerpo });
    return this.attemptOnce(id, (await this.repo.delivery(id, deliveryId))!, 'webhook.pinged', actor);
  }

  /**
   * One attempt out of the line (the request waits for the receiver's answer, outside any transaction), then its
   * answer and its audited event in one: the event's push tells every open log of the endpoint.
   */
  private async attemptOnce(
    id: number,
    delivery: { id: string; evento: string; cuerpo: string },
    type: 'webhook.pinged' | 'webhook.delivery-resent',
    actor: EventActor,
  ): Promise<WebhookDeliveryResponse> {
    const endpoint = (await this.repo.lineEndpoint(this.repo.manager(), id))!;
    const outcome = await this.attempt.run(endpoint, delivery);
    return this.uow.run(actor, async (tx) => {
      const entrega = toDeliveryResponse(
        await this.repo.recordAttempt(tx.manager, delivery.id, {
          estado: outcome.ok ? 'entregada' : 'fallida',
          codigo: outcome.code,
          latencia: outcome.latencyMs,
          respuesta: outcome.response,
          error: outcome.ok ? null : (outcome.error ?? `El receptor respondió ${outcome.code}.`),
          proximo: null,
        }),
      );
      await tx.record({ type, resourceId: delivery.id, payload: { webhook_id: id, entrega } });
      return entrega;
    });
  }

  private async get(id: number) {
    const row = await this.repo.find(id);
    if (!row) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    return row;
  }

  private async checkTarget(url: string): Promise<void> {
    const check = await this.targets.check(url);
    if (!check.ok) throw new DomainException(WebhooksError.TargetNotAllowed, check.reason, { url: [check.reason] });
  }
}
