import type { MailTemplateData } from '@shared/contracts/mail.contract';
import type { MailBlock } from '../layout';
import type { MailRenderContext, TemplateOutput, MailTemplateRenderer } from '../mail-renderer.types';
import { eventRows, requireDate, requireId, requireText, signedUrl } from '../template-helpers';
import { programRows } from './programa';

/**
 * The one waitlist offer message, for an event or a program: the offer, until when it is held, and the
 * accept link (signed for the waitlist entry, valid until the offer ends).
 */
function offerContent(
  ctx: MailRenderContext,
  data: Pick<MailTemplateData['lista-espera.oferta'], 'entrada_id' | 'nombre' | 'oferta_hasta'>,
  o: {
    /** The accept link's purpose (each waitlist has its own). */
    purpose: 'accept-waitlist-offer' | 'accept-program-waitlist-offer';
    titulo: string;
    de: 'este evento' | 'este programa';
    rows: MailBlock;
  },
): TemplateOutput {
  const entradaId = requireId(data.entrada_id, 'entrada_id');
  const hasta = requireDate(data.oferta_hasta, 'oferta_hasta');
  const nombre = requireText(data.nombre, 'nombre');
  return {
    content: {
      subject: `Se liberó un lugar para ti: ${o.titulo}`,
      preheader: `Te lo guardamos hasta el ${ctx.dateTime(hasta)}.`,
      heading: 'Se liberó un lugar para ti',
      blocks: [
        { kind: 'p', text: `Hola, ${nombre}. Estabas en la lista de espera de ${o.de} y se liberó un lugar:` },
        o.rows,
        { kind: 'details', rows: [['Te guardamos el lugar hasta el', ctx.dateTime(hasta)]] },
        {
          kind: 'p',
          text: 'Para quedarte con él, acéptalo antes de esa hora. Si no lo aceptas, pasará a la siguiente persona de la lista.',
        },
        { kind: 'button', label: 'Aceptar el lugar', href: signedUrl(ctx, o.purpose, entradaId, hasta) },
        { kind: 'note', text: 'Si ya no te interesa, no necesitas hacer nada.' },
      ],
    },
  };
}

/** An external event's waitlist: the page /lista-espera/aceptar/{token}. */
export const listaEsperaOferta: MailTemplateRenderer<'lista-espera.oferta'> = (data, ctx) =>
  offerContent(ctx, data, {
    purpose: 'accept-waitlist-offer',
    titulo: requireText(data.evento?.titulo, 'evento.titulo'),
    de: 'este evento',
    rows: eventRows(data.evento, ctx),
  });

/** A program's waitlist: the page /lista-espera/programa/aceptar/{token} (its own link purpose and table). */
export const programaListaEsperaOferta: MailTemplateRenderer<'programa.lista-espera-oferta'> = (data, ctx) =>
  offerContent(ctx, data, {
    purpose: 'accept-program-waitlist-offer',
    titulo: requireText(data.programa?.nombre, 'programa.nombre'),
    de: 'este programa',
    rows: programRows(data.programa, ctx),
  });
