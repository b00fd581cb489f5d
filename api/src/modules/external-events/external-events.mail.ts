import type { MailTemplateRenderers } from '../mail/render/templates';
import { registroConfirmacion } from './mail/registro-confirmacion';
import { registroRecordatorio } from './mail/registro-recordatorio';

/**
 * External events' messages to a registrant, rendered by mail: registered with the area
 * (api/src/modules/index.ts). The waitlist's stay with mail's own templates (programs share them).
 */
export const EXTERNAL_EVENTS_MAIL_TEMPLATES = {
  'registro.confirmacion': registroConfirmacion,
  'registro.recordatorio': registroRecordatorio,
} satisfies Partial<MailTemplateRenderers>;
