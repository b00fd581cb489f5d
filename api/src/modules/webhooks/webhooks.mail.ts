import type { MailTemplateRenderers } from '../mail/render/templates';
import { webhooksDetenido } from './mail/webhooks';

/** Webhooks' message, rendered by mail: registered with the area (api/src/modules/index.ts). */
export const WEBHOOKS_MAIL_TEMPLATES = {
  'webhooks.detenido': webhooksDetenido,
} satisfies Partial<MailTemplateRenderers>;
