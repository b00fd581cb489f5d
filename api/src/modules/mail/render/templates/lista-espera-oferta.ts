import type { MailTemplateRenderer } from '../mail-renderer.types';
import { eventRows, requireDate, requireId, requireText } from '../template-helpers';

/**
 * A place freed and is held for the first in the waitlist until `oferta_hasta`: the offer, until when, and
 * the accept link (signed for the waitlist entry, valid until the offer ends).
 */
export const listaEsperaOferta: MailTemplateRenderer<'lista-espera.oferta'> = (data, ctx) => {
  const entradaId = requireId(data.entrada_id, 'entrada_id');
  const nombre = requireText(data.nombre, 'nombre');
  const titulo = requireText(data.evento?.titulo, 'evento.titulo');
  const hasta = requireDate(data.oferta_hasta, 'oferta_hasta');
  const acceptUrl = `${ctx.publicUrl}/lista-espera/aceptar/${ctx.sign('accept-waitlist-offer', entradaId, hasta)}`;
  return {
    content: {
      subject: `Se liberó un lugar para ti: ${titulo}`,
      preheader: `Te lo guardamos hasta el ${ctx.dateTime(hasta)}.`,
      heading: 'Se liberó un lugar para ti',
      blocks: [
        { kind: 'p', text: `Hola, ${nombre}. Estabas en la lista de espera de este evento y se liberó un lugar:` },
        eventRows(data.evento, ctx),
        { kind: 'details', rows: [['Te guardamos el lugar hasta el', ctx.dateTime(hasta)]] },
        {
          kind: 'p',
          text: 'Para quedarte con él, acéptalo antes de esa hora. Si no lo aceptas, pasará a la siguiente persona de la lista.',
        },
        { kind: 'button', label: 'Aceptar el lugar', href: acceptUrl },
        { kind: 'note', text: 'Si ya no te interesa, no necesitas hacer nada.' },
      ],
    },
  };
};
