import { icsAttachment } from '../ics';
import type { MailTemplateRenderer } from '../mail-renderer.types';
import { qrAttachment } from '../qr';
import { eventEnd, eventRows, publicEventUrl, requireDate, requireId, requireText } from '../template-helpers';

/**
 * A public registration was accepted: the event, when and where, the person's name, the door code and its QR,
 * the .ics, and the cancel link (signed for the registration, valid until the event starts).
 */
export const registroConfirmacion: MailTemplateRenderer<'registro.confirmacion'> = async (data, ctx) => {
  const registroId = requireId(data.registro_id, 'registro_id');
  const nombre = requireText(data.nombre, 'nombre');
  const codigo = requireText(data.codigo, 'codigo');
  const titulo = requireText(data.evento?.titulo, 'evento.titulo');
  const inicio = requireDate(data.evento.inicio, 'evento.inicio');
  const cancelUrl = `${ctx.publicUrl}/registro/cancelar/${ctx.sign('cancel-registration', registroId, inicio)}`;
  const eventUrl = publicEventUrl(ctx, requireText(data.slug, 'slug'));
  const qrCid = `qr-registro-${registroId}@${ctx.domain}`;
  return {
    content: {
      subject: `Registro confirmado: ${titulo}`,
      preheader: `Tu código de acceso es ${codigo}. ${ctx.dateTime(inicio)}.`,
      heading: 'Tu registro está confirmado',
      blocks: [
        { kind: 'p', text: `Hola, ${nombre}. Quedaste registrado en este evento:` },
        eventRows(data.evento, ctx),
        {
          kind: 'code',
          label: 'Tu código de acceso (muéstralo en la entrada)',
          code: codigo,
          qrCid,
          qrAlt: `Código QR con tu código de acceso ${codigo}`,
        },
        { kind: 'p', text: 'Adjuntamos el evento para tu calendario (archivo evento.ics).' },
        { kind: 'p', text: 'Si ya no puedes asistir, cancela tu registro para que otra persona ocupe tu lugar:' },
        { kind: 'button', label: 'Cancelar mi registro', href: cancelUrl },
        { kind: 'note', text: `Detalles del evento: ${eventUrl}` },
      ],
    },
    attachments: [
      await qrAttachment(codigo, qrCid),
      icsAttachment({
        uid: `registro-${registroId}@${ctx.domain}`,
        start: inicio,
        end: eventEnd(data.evento),
        stamp: ctx.message.createdAt,
        summary: titulo,
        location: data.evento.lugar,
        description: `Código de acceso: ${codigo}\n${eventUrl}`,
        url: eventUrl,
      }),
    ],
  };
};
