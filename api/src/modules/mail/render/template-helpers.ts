import { signedLinkPath, type LinkPurpose } from '@shared/contracts/links.contract';
import type { MailEventSnapshot } from '@shared/contracts/mail.contract';
import type { MailBlock } from './layout';
import { MailRenderError, type MailRenderContext } from './mail-renderer.types';

/** A required text field of a template's data, or a MailRenderError naming it. */
export function requireText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new MailRenderError(`Falta el dato «${field}» del mensaje`);
  return value;
}

/** A required positive integer id of a template's data. */
export function requireId(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw new MailRenderError(`Falta el dato «${field}» del mensaje`);
  return value;
}

/** A required instant (ISO 8601) of a template's data. */
export function requireDate(value: unknown, field: string): Date {
  const date = typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw new MailRenderError(`La fecha «${field}» del mensaje no es válida`);
  return date;
}

/** The rows every message about an event shows: the event, its date and time, its place. */
export function eventRows(evento: MailEventSnapshot, ctx: MailRenderContext): MailBlock {
  const inicio = requireDate(evento?.inicio, 'evento.inicio');
  const fin = evento.fin ? requireDate(evento.fin, 'evento.fin') : null;
  const sameDay = fin && ctx.date(inicio) === ctx.date(fin);
  const cuando = !fin
    ? ctx.dateTime(inicio)
    : sameDay
      ? `${ctx.date(inicio)}, de ${ctx.time(inicio)} a ${ctx.time(fin)}`
      : `Del ${ctx.dateTime(inicio)} al ${ctx.dateTime(fin)}`;
  return {
    kind: 'details',
    rows: [
      ['Evento', requireText(evento.titulo, 'evento.titulo')],
      ['Fecha y hora', cuando],
      ['Lugar', evento.lugar?.trim() || 'Por confirmar'],
    ],
  };
}

/** The end a calendar entry needs: the event's, or one hour after its start when it has none. */
export function eventEnd(evento: MailEventSnapshot): Date {
  const inicio = requireDate(evento.inicio, 'evento.inicio');
  const fin = evento.fin ? requireDate(evento.fin, 'evento.fin') : null;
  return fin && fin > inicio ? fin : new Date(inicio.getTime() + 3600_000);
}

/** The public page of an external event (a slug: no personal data). */
export function publicEventUrl(ctx: MailRenderContext, slug: string): string {
  return `${ctx.publicUrl}/eventos/${encodeURIComponent(slug)}`;
}

/** A signed link's page (`purpose` for record `id`, valid until `until`), as a message's button opens it. */
export function signedUrl(ctx: MailRenderContext, purpose: LinkPurpose, id: number, until: Date): string {
  return `${ctx.publicUrl}${signedLinkPath(purpose, ctx.sign(purpose, id, until))}`;
}
