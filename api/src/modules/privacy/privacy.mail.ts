import type { MailTemplateRenderers } from '../mail/render/templates';
import { privacidadConfirmar, privacidadRecordatorio, privacidadRespuesta } from './mail/privacidad';

/** Privacy's messages, rendered by mail: registered with the area (api/src/modules/index.ts). */
export const PRIVACY_MAIL_TEMPLATES = {
  'privacidad.confirmar': privacidadConfirmar,
  'privacidad.respuesta': privacidadRespuesta,
  'privacidad.recordatorio': privacidadRecordatorio,
} satisfies Partial<MailTemplateRenderers>;
