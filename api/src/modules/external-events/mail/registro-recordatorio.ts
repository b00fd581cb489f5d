import type { MailTemplateRenderer } from '../../mail/render/mail-renderer.types';
import { registrationParts } from './registration-parts';

/**
 * The day before: to a registrant holding a place — when and where, the door code and its QR
 * again, and the cancel link (as the confirmation's) so a place nobody will use is freed.
 */
export const registroRecordatorio: MailTemplateRenderer<'registro.recordatorio'> = async (data, ctx) => {
  const r = await registrationParts(data, ctx);
  return {
    content: {
      subject: `Recordatorio: ${r.titulo}`,
      preheader: `${ctx.dateTime(r.inicio)}. ${data.evento.lugar?.trim() || ''}`.trim(),
      heading: 'Te esperamos',
      blocks: [{ kind: 'p', text: `Hola, ${r.nombre}. Te recordamos el evento en el que estás registrado:` }, r.event, r.code, ...r.cancel],
    },
    attachments: r.attachments,
  };
};
