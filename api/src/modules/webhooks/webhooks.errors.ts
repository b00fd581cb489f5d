import { HttpStatus } from '@nestjs/common';
import { defineErrorCodes } from '@core/errors/domain-exception';

/** Webhooks' own cases. */
export const WebhooksError = defineErrorCodes({
  /** The URL is not https, or resolves to an address that is not public (SSRF guard). */
  TargetNotAllowed: ['WEBHOOK_TARGET_NOT_ALLOWED', HttpStatus.UNPROCESSABLE_ENTITY],
  /** 'reenviar' a delivery still in line: it goes by itself, in order. */
  DeliveryPending: ['WEBHOOK_DELIVERY_PENDING', HttpStatus.CONFLICT],
});
