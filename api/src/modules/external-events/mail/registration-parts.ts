import { signedLinkPath } from '@shared/contracts/links.contract';
import type { MailTemplateData } from '@shared/contracts/mail.contract';
import { icsAttachment } from '../../mail/render/ics';
import type { MailBlock } from '../../mail/render/layout';
import type { MailAttachment, MailRenderContext } from '../../mail/render/mail-renderer.types';
import { qrAttachment } from '../../mail/render/qr';
import { eventEnd, eventRows, publicEventUrl, requireDate, requireId, requireText } from '../../mail/render/template-helpers';

/**
 * What the confirmation and the reminder of an external registration share: the event's rows, the door code with
 * its QR, the cancel link (signed for the registration, valid until the event starts), the event's page, and the
 * calendar entry (one UID: the reminder updates the confirmation's entry, never adds a second one).
 */
export async function registrationParts(
  data: MailTemplateData['registro.confirmacion'] | MailTemplateData['registro.recordatorio'],
  ctx: MailRenderContext,
): Promise<{
  nombre: string;
  titulo: string;
  inicio: Date;
  codigo: string;
  event: MailBlock;
  code: MailBlock;
  cancel: MailBlock[];
  attachments: MailAttachment[];
}> {
  const registroId = requireId(data.registro_id, 'registro_id');
  const nombre = requireText(data.nombre, 'nombre');
  const codigo = requireText(data.codigo, 'codigo');
  const titulo = requireText(data.evento?.titulo, 'evento.titulo');
  const inicio = requireDate(data.evento.inicio, 'evento.inicio');
  const cancelUrl = `${ctx.publicUrl}${signedLinkPath('cancel-registration', ctx.sign('cancel-registration', registroId, inicio))}`;
  const eventUrl = publicEventUrl(ctx, requireText(data.slug, 'slug'));
  const qrCid = `qr-registro-${registroId}@${ctx.domain}`;
  return {
    nombre,
    titulo,
    inicio,
    codigo,
    event: eventRows(data.evento, ctx),
    code: {
      kind: 'code',
      label: 'Tu código de acceso (muéstralo en la entrada)',
      code: codigo,
      qrCid,
      qrAlt: `Código QR con tu código de acceso ${codigo}`,
    },
    cancel: [
      { kind: 'p', text: 'Si ya no puedes asistir, cancela tu registro para que otra persona ocupe tu lugar:' },
      { kind: 'button', label: 'Cancelar mi registro', href: cancelUrl },
      { kind: 'note', text: `Detalles del evento: ${eventUrl}` },
    ],
    attachments: [
      qrAttachment(codigo, qrCid),
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
}
