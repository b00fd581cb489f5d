import type { MailTemplateData } from '@shared/contracts/mail.contract';
import { icsAttachment } from '../../mail/render/ics';
import type { MailRenderContext, MailTemplateRenderer, TemplateOutput } from '../../mail/render/mail-renderer.types';
import { qrAttachment } from '../../mail/render/qr';
import { eventEnd, eventRows, requireDate, requireId, requireText } from '../../mail/render/template-helpers';

/**
 * The public confirmation link of an internal event with the person's code filled in — what the invitation's
 * QR carries, like the printed invitations (the public page reads ?codigo=, the door's scanner too). The code is
 * the invitation's, not personal data.
 */
export function internalEventUrl(ctx: MailRenderContext, slug: string, codigo: string): string {
  return `${ctx.publicUrl}/evento-interno/${encodeURIComponent(slug)}?codigo=${encodeURIComponent(codigo)}`;
}

type InternalData = MailTemplateData['evento-interno.invitacion'] | MailTemplateData['evento-interno.recordatorio'];

/** What both messages of an internal event carry: the code with its QR (the link) and the .ics. */
async function codeAndCalendar(data: InternalData, ctx: MailRenderContext, what: 'invitacion' | 'recordatorio') {
  const eventoId = requireId(data.evento_id, 'evento_id');
  const personaId = requireId(data.persona_id, 'persona_id');
  const codigo = requireText(data.codigo, 'codigo');
  const titulo = requireText(data.evento?.titulo, 'evento.titulo');
  const inicio = requireDate(data.evento.inicio, 'evento.inicio');
  const url = internalEventUrl(ctx, requireText(data.slug, 'slug'), codigo);
  const qrCid = `qr-${what}-${eventoId}-${personaId}@${ctx.domain}`;
  const attachments = [
    qrAttachment(url, qrCid),
    icsAttachment({
      // One calendar entry per person and event: the reminder updates the invitation's, never adds a second.
      uid: `evento-interno-${eventoId}-${personaId}@${ctx.domain}`,
      start: inicio,
      end: eventEnd(data.evento),
      stamp: ctx.message.createdAt,
      summary: titulo,
      location: data.evento.lugar,
      description: `Código de confirmación: ${codigo}\n${url}`,
      url,
    }),
  ];
  return { codigo, titulo, inicio, url, qrCid, attachments };
}

/**
 * An internal event's invitation: the event, the person's 5-character code with its QR, and the
 * public confirmation link; the .ics for their calendar.
 */
export const eventoInternoInvitacion: MailTemplateRenderer<'evento-interno.invitacion'> = async (data, ctx): Promise<TemplateOutput> => {
  const nombre = requireText(data.nombre, 'nombre');
  const { codigo, titulo, inicio, url, qrCid, attachments } = await codeAndCalendar(data, ctx, 'invitacion');
  return {
    content: {
      subject: `Invitación: ${titulo}`,
      preheader: `Confirma tu asistencia con el código ${codigo}. ${ctx.dateTime(inicio)}.`,
      heading: 'Tienes una invitación',
      blocks: [
        { kind: 'p', text: `Hola, ${nombre}. El Gobierno Municipal de ${ctx.municipio} te invita a este evento:` },
        eventRows(data.evento, ctx),
        {
          kind: 'code',
          label: 'Tu código de confirmación',
          code: codigo,
          qrCid,
          qrAlt: `Código QR con el enlace de confirmación y tu código ${codigo}`,
        },
        { kind: 'p', text: 'Confirma tu asistencia en la página del evento (tu código ya va en el enlace):' },
        { kind: 'button', label: 'Confirmar mi asistencia', href: url },
        { kind: 'note', text: 'Conserva este correo: en la entrada se registra tu asistencia con este código o su QR.' },
        { kind: 'note', text: 'Adjuntamos el evento para tu calendario (archivo evento.ics).' },
      ],
    },
    attachments,
  };
};

/** The day before: to an invitee who confirmed — when and where, and the code for the door. */
export const eventoInternoRecordatorio: MailTemplateRenderer<'evento-interno.recordatorio'> = async (
  data,
  ctx,
): Promise<TemplateOutput> => {
  const nombre = requireText(data.nombre, 'nombre');
  const { codigo, titulo, inicio, url, qrCid, attachments } = await codeAndCalendar(data, ctx, 'recordatorio');
  return {
    content: {
      subject: `Recordatorio: ${titulo}`,
      preheader: `${ctx.dateTime(inicio)}. Tu código: ${codigo}.`,
      heading: 'Te esperamos',
      blocks: [
        { kind: 'p', text: `Hola, ${nombre}. Te recordamos el evento al que confirmaste tu asistencia:` },
        eventRows(data.evento, ctx),
        {
          kind: 'code',
          label: 'Tu código (muéstralo en la entrada)',
          code: codigo,
          qrCid,
          qrAlt: `Código QR con tu código ${codigo}`,
        },
        { kind: 'button', label: 'Ver el evento', href: url },
      ],
    },
    attachments,
  };
};
