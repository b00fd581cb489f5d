import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG } from '@core/config/app-config';
import { OutboxRepository } from '@core/outbox/outbox.repository';
import { MailOutbox } from '../mail/mail-outbox';
import { UsersRepository } from '../users/users.repository';
import { DELIVERIES_PER_RUN, LINE_BUSY_RETRY_MS } from './webhooks.constants';
import type { WebhooksSettings } from './webhooks.settings';
import { WebhookAttempt } from './webhook-attempt';
import { WebhookPushes } from './webhook-pushes';
import { domainTypesFor, webhookBody } from './webhook-events';
import { WebhooksRepository, type DeliveryRow, type LineEvent, type NewDelivery } from './webhooks.repository';

/** A published event as a delivery of the line: its id, its body (frozen now), its place in the order. */
const toDelivery = (e: LineEvent): NewDelivery => ({
  id: randomUUID(),
  event_id: e.id,
  ...webhookBody(e.id, e.type, e.payload, e.occurred_at),
  orden_at: e.published_at,
  orden_seq: e.seq,
});

/** How a run of a line ended: nothing left, another run holds it, its head waits until `at`, or it handed over with more to do. */
export type LineResult = { kind: 'idle' } | { kind: 'busy' } | { kind: 'wait'; at: Date } | { kind: 'more' };
type Step = LineResult | { kind: 'sent' };
/** What a step wrote to the log: deliveries made, and the one attempted (or given up). */
type Changed = { made: DeliveryRow[]; attempted: DeliveryRow[] };

/**
 * One endpoint's line: its deliveries in the relay's publication order, one at a time. Each step is one transaction
 * holding the line's advisory lock: take the head (made from the published events the line has not taken yet when
 * the line is empty), attempt it, record the answer. A run killed mid-attempt leaves the head pending: it is sent
 * again, with the same `Aforo-Delivery` (at least once). A failing head holds the line (order) until it is delivered
 * or given up: exponential backoff from WEBHOOK_RETRY_BASE_MS, up to WEBHOOK_RETRY_MAX_MS, for
 * WEBHOOK_RETRY_WINDOW_HOURS after its event; WEBHOOK_PAUSE_AFTER_FAILURES in a row pause the endpoint (its owner
 * is mailed), a 410 disables it.
 */
@Injectable()
export class WebhookLine {
  constructor(
    @Inject(APP_CONFIG) private readonly config: WebhooksSettings,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: WebhooksRepository,
    private readonly attempt: WebhookAttempt,
    private readonly outbox: OutboxRepository,
    private readonly mail: MailOutbox,
    private readonly users: UsersRepository,
    private readonly pushes: WebhookPushes,
  ) {}

  /** The sweep: events a relay published behind the line's cursor join it (a cluster's relays commit out of order). */
  async takeLate(endpointId: number): Promise<void> {
    const made = await this.ds.transaction(async (manager) => {
      const endpoint = await this.repo.lineEndpoint(manager, endpointId);
      if (!endpoint || endpoint.estado !== 'activo') return [];
      const late = await this.repo.lateEvents(manager, endpoint, domainTypesFor(endpoint.eventos));
      return this.repo.addToLine(manager, endpointId, late.map(toDelivery), false);
    });
    this.pushes.deliveries(endpointId, made, true);
  }

  async run(endpointId: number): Promise<LineResult> {
    for (let n = 0; n < DELIVERIES_PER_RUN; n++) {
      const changed: Changed = { made: [], attempted: [] };
      const step = await this.ds.transaction((manager) => this.step(manager, endpointId, changed));
      // The log hears of it once committed (a reload meanwhile would read the rows as they were).
      this.pushes.deliveries(endpointId, changed.made, true);
      this.pushes.deliveries(endpointId, changed.attempted, false);
      if (step.kind !== 'sent') return step;
    }
    return { kind: 'more' };
  }

  private async step(manager: EntityManager, endpointId: number, changed: Changed): Promise<Step> {
    if (!(await this.repo.tryTakeLine(manager, endpointId))) return { kind: 'busy' };
    const endpoint = await this.repo.lineEndpoint(manager, endpointId);
    if (!endpoint || endpoint.estado !== 'activo') return { kind: 'idle' };
    let head = await this.repo.head(manager, endpointId);
    if (!head) {
      const next = await this.repo.nextEvents(
        manager,
        endpoint,
        domainTypesFor(endpoint.eventos),
        this.config.webhookRetryWindowHours,
        DELIVERIES_PER_RUN,
      );
      changed.made = await this.repo.addToLine(manager, endpointId, next.events.map(toDelivery));
      head = await this.repo.head(manager, endpointId);
      // Held behind an event a relay is still publishing: look again in a moment (its publication may wake no one).
      if (!head) return next.held ? { kind: 'wait', at: new Date(Date.now() + LINE_BUSY_RETRY_MS) } : { kind: 'idle' };
    }
    const deadline = head.orden_at.getTime() + this.config.webhookRetryWindowHours * 3_600_000;
    if (Date.now() > deadline) {
      changed.attempted.push(await this.repo.expire(manager, head.id));
      return { kind: 'sent' };
    }
    if (head.proximo_intento_at.getTime() > Date.now()) return { kind: 'wait', at: head.proximo_intento_at };
    return this.send(manager, endpoint, head, deadline, changed);
  }

  private async send(
    manager: EntityManager,
    endpoint: { id: number; url: string; secretos: string[] },
    head: DeliveryRow,
    deadline: number,
    changed: Changed,
  ): Promise<Step> {
    const outcome = await this.attempt.run(endpoint, head);
    const answer = { codigo: outcome.code, latencia: outcome.latencyMs, respuesta: outcome.response, error: outcome.error };
    if (outcome.ok) {
      changed.attempted.push(await this.repo.recordAttempt(manager, head.id, { estado: 'entregada', proximo: null, ...answer }));
      await this.repo.succeeded(manager, endpoint.id);
      return { kind: 'sent' };
    }
    const wait = Math.min(this.config.webhookRetryBaseMs * 2 ** Math.min(head.intentos, 30), this.config.webhookRetryMaxMs);
    const next = new Date(Date.now() + wait);
    const givenUp = outcome.gone || next.getTime() > deadline;
    changed.attempted.push(
      await this.repo.recordAttempt(manager, head.id, {
        estado: givenUp ? 'fallida' : 'pendiente',
        proximo: givenUp ? null : next,
        ...answer,
        error: answer.error ?? `El receptor respondió ${outcome.code}.`,
      }),
    );
    const stopped = await this.repo.failed(manager, endpoint.id, this.config.webhookPauseAfterFailures, outcome.gone);
    if (stopped.paused || stopped.disabled) {
      const estado = stopped.disabled ? 'deshabilitado' : 'pausado';
      const motivo = stopped.disabled
        ? 'El receptor respondió 410 (ya no existe): se deshabilitó.'
        : `Se pausó tras ${stopped.fallos} intentos fallidos seguidos. Último error: ${answer.error ?? `respuesta ${outcome.code}`}`;
      await this.outbox.insert(manager, { userId: null, ip: null }, [
        { type: 'webhook.stopped', resourceId: endpoint.id, payload: { webhook_id: endpoint.id, estado, motivo } },
      ]);
      await this.mailOwner(manager, stopped.creado_por, { webhook_id: endpoint.id, url: stopped.url, estado, motivo });
      return { kind: 'idle' };
    }
    return givenUp ? { kind: 'sent' } : { kind: 'wait', at: next };
  }

  /** The owner, or — when the owner's account is gone — everyone who may edit integraciones. */
  private async mailOwner(
    manager: EntityManager,
    ownerId: number | null,
    data: { webhook_id: number; url: string; estado: 'pausado' | 'deshabilitado'; motivo: string },
  ): Promise<void> {
    const staff = await this.users.withAreaAccess('integraciones');
    const owner = staff.filter((u) => u.id === ownerId);
    const to = owner.length ? owner : staff;
    const key = `webhooks.detenido:${data.webhook_id}:${Date.now()}`;
    await this.mail.queue(
      manager,
      to.map((u) => ({
        key: `${key}:${u.id}`,
        template: 'webhooks.detenido' as const,
        to: { email: u.email, name: u.name },
        data,
        ref: null,
      })),
    );
  }
}
