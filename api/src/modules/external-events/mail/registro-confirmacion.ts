import type { MailTemplateRenderer } from '../../mail/render/mail-renderer.types';
import { registrationParts } from './registration-parts';

/**
 * A public registration was accepted: the event, when and where, the person's name, the door code and its QR,
 * the .ics, and the cancel link (signed for the registration, valid until the event starts).
 */
export const registroConfirmacion: MailTemplateRenderer<'registro.confirmacion'> = async (data, ctx) => {
  const r = await registrationParts(data, ctx);
  return {
    content: {
      subject: `Registro confirmado: ${r.titulo}`,
      preheader: `Tu código de acceso es ${r.codigo}. ${ctx.dateTime(r.inicio)}.`,
      heading: 'Tu registro está confirmado',
      blocks: [
        { kind: 'p', text: `Hola, ${r.nombre}. Quedaste registrado en este evento:` },
        r.event,
        r.code,
        { kind: 'p', text: 'Adjuntamos el evento para tu calendario (archivo evento.ics).' },
        ...r.cancel,
      ],
    },
    attachments: r.attachments,
  };
};
