import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@core/config/app-config';
import type { WebhooksSettings } from './webhooks.settings';
import { signatureHeader } from './webhook-signature';
import { WebhookSender, type SendResult } from './webhook-sender';
import { WebhookTargets } from './webhook-target';

/** One attempt's outcome: sent (an answer or a connection failure), or refused by the SSRF guard before any connection. */
export type AttemptOutcome = SendResult & { ok: boolean; gone: boolean };

/**
 * One attempt of one delivery: the guard again (the host may resolve elsewhere now: DNS rebinding), the headers —
 * `Aforo-Delivery` (stable: the receiver deduplicates on it), `Aforo-Event`, `Aforo-Signature` signed now — and the POST
 * to the checked address. Used by the line (workers) and by 'probar' and 'reenviar' (api).
 */
@Injectable()
export class WebhookAttempt {
  constructor(
    @Inject(APP_CONFIG) private readonly config: WebhooksSettings,
    private readonly targets: WebhookTargets,
    private readonly sender: WebhookSender,
  ) {}

  async run(
    endpoint: { url: string; secretos: readonly string[] },
    delivery: { id: string; evento: string; cuerpo: string },
  ): Promise<AttemptOutcome> {
    const check = await this.targets.check(endpoint.url);
    if (!check.ok) return { ok: false, gone: false, code: null, latencyMs: 0, response: null, error: `Destino rechazado: ${check.reason}` };
    const result = await this.sender.send(
      check.target,
      {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'Aforo-Webhooks/1',
        'Aforo-Delivery': delivery.id,
        'Aforo-Event': delivery.evento,
        'Aforo-Signature': signatureHeader(delivery.cuerpo, endpoint.secretos),
      },
      delivery.cuerpo,
      this.config.webhookTimeoutMs,
    );
    const ok = result.code !== null && result.code >= 200 && result.code < 300;
    return { ...result, ok, gone: result.code === 410 };
  }
}
