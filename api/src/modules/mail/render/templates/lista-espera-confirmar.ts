import type { WaitlistJoinMail } from '@shared/contracts/mail.contract';
import type { MailBlock } from '../layout';
import type { MailRenderContext, TemplateOutput, MailTemplateRenderer } from '../mail-renderer.types';
import { eventRows, publicEventUrl, requireDate, requireId, requireText, signedUrl } from '../template-helpers';
import { programRows, programUrl } from './programa';

/**
 * The one waitlist join message, for an event or a program: the link that confirms the join before it
 * takes a place in line (signed for the entry, valid until `confirmar_hasta`) — or, when the address already holds a
 * registration and no entry was made, that it needs nothing. Whoever asked never learns which: only the address does.
 */
function joinContent(
  ctx: MailRenderContext,
  data: WaitlistJoinMail,
  o: {
    titulo: string;
    de: 'este evento' | 'este programa';
    rows: MailBlock;
    /** The confirmation link's purpose (each waitlist has its own). */
    purpose: 'confirm-waitlist-join' | 'confirm-program-waitlist-join';
    pageUrl: string;
  },
): TemplateOutput {
  const nombre = requireText(data.nombre, 'nombre');
  if (data.motivo === 'ya-registrado') {
    return {
      content: {
        subject: `Ya estás registrado: ${o.titulo}`,
        preheader: 'No necesitas unirte a la lista de espera.',
        heading: 'Ya tienes un registro',
        blocks: [
          { kind: 'p', text: `Hola, ${nombre}. Recibimos una solicitud para unir este correo a la lista de espera de ${o.de}:` },
          o.rows,
          { kind: 'p', text: 'Este correo ya tiene un registro, así que no necesitas la lista de espera y no hicimos ningún cambio.' },
          { kind: 'button', label: o.de === 'este evento' ? 'Ver el evento' : 'Ver el programa', href: o.pageUrl },
          { kind: 'note', text: 'Si no fuiste tú, no necesitas hacer nada.' },
        ],
      },
    };
  }
  const entradaId = requireId(data.entrada_id, 'entrada_id');
  const hasta = requireDate(data.confirmar_hasta, 'confirmar_hasta');
  return {
    content: {
      subject: `Confirma tu lugar en la lista de espera: ${o.titulo}`,
      preheader: `Confírmalo antes del ${ctx.dateTime(hasta)}.`,
      heading: 'Confirma tu correo',
      blocks: [
        { kind: 'p', text: `Hola, ${nombre}. Pediste unirte a la lista de espera de ${o.de}:` },
        o.rows,
        {
          kind: 'p',
          text: 'Para tomar tu lugar en la fila, confirma que este correo es tuyo. Tu turno cuenta desde que lo confirmas; si se libera un lugar, te lo ofreceremos por correo.',
        },
        { kind: 'details', rows: [['Confirma antes del', ctx.dateTime(hasta)]] },
        { kind: 'button', label: 'Confirmar mi lugar en la lista', href: signedUrl(ctx, o.purpose, entradaId, hasta) },
        { kind: 'note', text: 'Si no fuiste tú, no necesitas hacer nada: sin confirmar, la solicitud se descarta sola.' },
      ],
    },
  };
}

/** An external event's waitlist: the page /lista-espera/confirmar/{token}. */
export const listaEsperaConfirmar: MailTemplateRenderer<'lista-espera.confirmar'> = (data, ctx) =>
  joinContent(ctx, data, {
    titulo: requireText(data.evento?.titulo, 'evento.titulo'),
    de: 'este evento',
    rows: eventRows(data.evento, ctx),
    purpose: 'confirm-waitlist-join',
    pageUrl: publicEventUrl(ctx, requireText(data.slug, 'slug')),
  });

/** A program's waitlist: the page /lista-espera/programa/confirmar/{token} (its own link purpose and table). */
export const programaListaEsperaConfirmar: MailTemplateRenderer<'programa.lista-espera-confirmar'> = (data, ctx) =>
  joinContent(ctx, data, {
    titulo: requireText(data.programa?.nombre, 'programa.nombre'),
    de: 'este programa',
    rows: programRows(data.programa, ctx),
    purpose: 'confirm-program-waitlist-join',
    pageUrl: programUrl(ctx, requireText(data.programa?.slug, 'programa.slug')),
  });
