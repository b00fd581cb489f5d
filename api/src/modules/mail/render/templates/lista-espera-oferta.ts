import { signedLinkPath } from '@shared/contracts/links.contract';
import type { MailBlock } from '../layout';
import type { MailRenderContext, TemplateOutput, MailTemplateRenderer } from '../mail-renderer.types';
import { eventRows, requireDate, requireId, requireText } from '../template-helpers';
import { programRows } from './programa';

/**
 * The one waitlist offer message, for an event or a program: the offer, until when it is held, and the
 * accept link (signed for the waitlist entry, valid until the offer ends).
 */
function offerContent(
  ctx: MailRenderContext,
  o: { nombre: string; titulo: string; de: 'este evento' | 'este programa'; rows: MailBlock; hasta: Date; acceptUrl: string },
): TemplateOutput {
  return {
    content: {
      subject: `Se liberó un lugar para ti: ${o.titulo}`,
      preheader: `Te lo guardamos hasta el ${ctx.dateTime(o.hasta)}.`,
      heading: 'Se liberó un lugar para ti',
      blocks: [
        { kind: 'p', text: `Hola, ${o.nombre}. Estabas en la lista de espera de ${o.de} y se liberó un lugar:` },
        o.rows,
        { kind: 'details', rows: [['Te guardamos el lugar hasta el', ctx.dateTime(o.hasta)]] },
        {
          kind: 'p',
          text: 'Para quedarte con él, acéptalo antes de esa hora. Si no lo aceptas, pasará a la siguiente persona de la lista.',
        },
        { kind: 'button', label: 'Aceptar el lugar', href: o.acceptUrl },
        { kind: 'note', text: 'Si ya no te interesa, no necesitas hacer nada.' },
      ],
    },
  };
}

/** An external event's waitlist: the page /lista-espera/aceptar/{token}. */
export const listaEsperaOferta: MailTemplateRenderer<'lista-espera.oferta'> = (data, ctx) => {
  const entradaId = requireId(data.entrada_id, 'entrada_id');
  const hasta = requireDate(data.oferta_hasta, 'oferta_hasta');
  return offerContent(ctx, {
    nombre: requireText(data.nombre, 'nombre'),
    titulo: requireText(data.evento?.titulo, 'evento.titulo'),
    de: 'este evento',
    rows: eventRows(data.evento, ctx),
    hasta,
    acceptUrl: `${ctx.publicUrl}${signedLinkPath('accept-waitlist-offer', ctx.sign('accept-waitlist-offer', entradaId, hasta))}`,
  });
};

/** A program's waitlist: the page /lista-espera/programa/aceptar/{token} (its own link purpose and table). */
export const programaListaEsperaOferta: MailTemplateRenderer<'programa.lista-espera-oferta'> = (data, ctx) => {
  const entradaId = requireId(data.entrada_id, 'entrada_id');
  const hasta = requireDate(data.oferta_hasta, 'oferta_hasta');
  return offerContent(ctx, {
    nombre: requireText(data.nombre, 'nombre'),
    titulo: requireText(data.programa?.nombre, 'programa.nombre'),
    de: 'este programa',
    rows: programRows(data.programa, ctx),
    hasta,
    acceptUrl: `${ctx.publicUrl}${signedLinkPath('accept-program-waitlist-offer', ctx.sign('accept-program-waitlist-offer', entradaId, hasta))}`,
  });
};
