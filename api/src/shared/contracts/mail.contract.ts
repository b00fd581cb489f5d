/**
 * Mail (issue 22): what an area hands to the mail area when a change should tell someone. A message is a row
 * of `correos` written in the same transaction as the change (`MailOutbox.queue` from TypeScript, or the SQL
 * function `queue_mail(...)` from inside a statement), then rendered and sent by the workers. Each template's
 * data is a snapshot taken by the area that owns the record: the mail area never reads another area's tables.
 */

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** What a message is about (the staff filter 'por evento'). */
export const MAIL_REF_TYPES = ['evento-externo', 'evento-interno', 'programa'] as const;
export type MailRefType = (typeof MAIL_REF_TYPES)[number];

/** An event as a message shows it. Dates are ISO 8601 instants; the renderer shows them es-MX in TZ_DISPLAY. */
export interface MailEventSnapshot {
  titulo: string;
  inicio: string;
  fin: string | null;
  /** The place as the public page shows it (ubicación); null when the event has none. */
  lugar: string | null;
}

export interface MailTemplateData {
  /**
   * A public registration to an external event was accepted. Shows the event, date and time, place, the
   * person's name, the door code (and its QR), an .ics attachment and the cancel link — signed by the renderer
   * (SignedLinks 'cancel-registration', the registration id, valid until the event starts).
   */
  'registro.confirmacion': {
    registro_id: number;
    evento_id: number;
    slug: string;
    nombre: string;
    codigo: string;
    evento: MailEventSnapshot;
  };
  /**
   * The first in a waitlist is offered a freed place, held for them until `oferta_hasta` (ISO): the accept link
   * is signed by the renderer (SignedLinks 'accept-waitlist-offer', the waitlist entry id, until `oferta_hasta`).
   */
  'lista-espera.oferta': {
    entrada_id: number;
    evento_id: number;
    slug: string;
    nombre: string;
    oferta_hasta: string;
    evento: MailEventSnapshot;
  };
}

export type MailTemplate = keyof MailTemplateData;

/** One message to queue. */
export interface QueuedMail<T extends MailTemplate = MailTemplate> {
  /**
   * Unique per message ever (the idempotency key): queuing the same key twice queues one message. Name the
   * cause, e.g. `registro.confirmacion:123`, `lista-espera.oferta:45:2` (entry 45, its second offer).
   */
  key: string;
  template: T;
  to: { email: string; name: string | null };
  data: MailTemplateData[T];
  ref: { type: MailRefType; id: number } | null;
}
