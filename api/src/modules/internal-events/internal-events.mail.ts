import type { MailTemplateRenderers } from '../mail/render/templates';
import { eventoInternoInvitacion, eventoInternoRecordatorio } from './mail/evento-interno';

/** Internal events' messages, rendered by mail: registered with the area (api/src/modules/index.ts). */
export const INTERNAL_EVENTS_MAIL_TEMPLATES = {
  'evento-interno.invitacion': eventoInternoInvitacion,
  'evento-interno.recordatorio': eventoInternoRecordatorio,
} satisfies Partial<MailTemplateRenderers>;
