import { icsAttachment } from '../ics';
import type { MailTemplateRenderer } from '../mail-renderer.types';
import { qrAttachment } from '../qr';
import { eventEnd, eventRows, publicEventUrl, requireDate, requireId, requireText } from '../template-helpers';

/**
 * The day before (issue 22 §2.4): to a registrant holding a place — when and where, the door code and its QR
 * again, and the cancel link (signed like the confirmation's: the registration, valid until the event starts) so
 * a place nobody will use is freed.
 */
export const registroRecordatorio: MailTemplateRenderer<'registro.recordatorio'> = async (data, ctx) => {
  const registroId = requireId(data.registro_id, 'registro_id');
  const nombre = requireText(data.nombre, 'nombre');
  const codigo = requireText(data.codigo, 'codigo');
  const qrCid = `qr-registro-${registroId}@${ctx.domain}`;
  const titulo = requireText(data.evento?.titulo, 'evento.titulo');
  const inicio = requireDate(data.evento.inicio, 'evento.inicio');
  const cancelUrl = `${ctx.publicUrl}/registro/cancelar/${ctx.sign('cancel-registration', registroId, inicio)}`;
  const eventUrl = publicEventUrl(ctx, requireText(data.slug, 'slug'));
  return {
    content: {
      subject: `Recordatorio: ${titulo}`,
      preheader: `${ctx.dateTime(inicio)}. ${data.evento.lugar?.trim() || ''}`.trim(),
      heading: 'Te esperamos',
      blocks: [
        { kind: 'p', text: `Hola, ${nombre}. Te recordamos el evento en el que estás registrado:` },
        eventRows(data.evento, ctx),
        {
          kind: 'code',
          label: 'Tu código de acceso (muéstralo en la entrada)',
          code: codigo,
          qrCid,
          qrAlt: `Código QR con tu código de acceso ${codigo}`,
        },
        { kind: 'p', text: 'Si ya no puedes asistir, cancela tu registro para que otra persona ocupe tu lugar:' },
        { kind: 'button', label: 'Cancelar mi registro', href: cancelUrl },
        { kind: 'note', text: `Detalles del evento: ${eventUrl}` },
      ],
    },
    attachments: [
      await qrAttachment(codigo, qrCid),
      icsAttachment({
        // The confirmation's calendar entry (same UID): updated, never a second one.
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
