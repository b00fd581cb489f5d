import { defineSettings } from '@core/config/app-config';
import { readBool, readInt } from '@core/config/env-readers';

/** Webhooks' settings (README «Webhooks»; docs/decisions/integraciones.md). */
export interface WebhooksSettings {
  /**
   * WEBHOOK_ALLOW_PRIVATE_TARGETS: accept endpoints on loopback, private and link-local addresses (and plain http to
   * them) — development and tests only. Off: https to public addresses only, checked at registration and at delivery.
   */
  webhookAllowPrivateTargets: boolean;
  /** WEBHOOK_RETRY_BASE_MS: the first retry's wait; each next one doubles, up to WEBHOOK_RETRY_MAX_MS. */
  webhookRetryBaseMs: number;
  /** WEBHOOK_RETRY_MAX_MS: the longest wait between two attempts. */
  webhookRetryMaxMs: number;
  /** WEBHOOK_RETRY_WINDOW_HOURS: how long after its event a delivery is still retried (3 days), then fallida. */
  webhookRetryWindowHours: number;
  /** WEBHOOK_PAUSE_AFTER_FAILURES: failed attempts in a row that pause an endpoint and mail its owner. */
  webhookPauseAfterFailures: number;
  /** WEBHOOK_TIMEOUT_MS: how long a receiver has to answer one delivery. */
  webhookTimeoutMs: number;
}

export const WEBHOOKS_SETTINGS = defineSettings<WebhooksSettings>((env) => ({
  webhookAllowPrivateTargets: readBool(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
  webhookRetryBaseMs: readInt(env, 'WEBHOOK_RETRY_BASE_MS', 60_000, 10, 3_600_000),
  webhookRetryMaxMs: readInt(env, 'WEBHOOK_RETRY_MAX_MS', 12 * 3_600_000, 10, 24 * 3_600_000),
  webhookRetryWindowHours: readInt(env, 'WEBHOOK_RETRY_WINDOW_HOURS', 72, 1, 24 * 30),
  webhookPauseAfterFailures: readInt(env, 'WEBHOOK_PAUSE_AFTER_FAILURES', 10, 1, 1000),
  webhookTimeoutMs: readInt(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
}));
