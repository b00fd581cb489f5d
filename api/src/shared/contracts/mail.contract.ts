/**
 * Mail: what an area hands to the mail area when a change should tell someone. A message is a row
 * of `correos` written in the same transaction as the change (`MailOutbox.queue` from TypeScript, or the SQL
 * function `queue_mail(...)` from inside a statement), then rendered and sent by the workers. Each template's
 * data is a snapshot taken by the area that owns the record: the mail area never reads another area's tables.
 */

/**
 * queued: waiting for the workers · sending: handed to the SMTP server, answer pending · sent: the server
 * accepted it (250) · failed: refused for good (5xx, a bad address or bad data) or out of attempts · stored:
 * rendered and kept without sending, because no SMTP_URL is configured (docs/decisions/correos.md) · suppressed: the
 * address asked for no more mail (oposición or an unsubscribe link: the suppression list, docs/decisions/privacidad.md);
 * kept, never sent.
 */
import { canInAnyArea, type Action, type Area, type PermissionSubject } from '../permissions';

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'stored', 'suppressed'] as const;
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

/** A program as its messages show it (programs' snapshot). Dates ISO 8601; null for a continuous program. */
export interface MailProgramSnapshot {
  nombre: string;
  slug: string;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  ubicacion: string | null;
}

/** The statuses of a program application that send a message when staff set them. */
export const PROGRAM_STATUS_MAIL = ['confirmado', 'cancelado'] as const;
export type ProgramStatusMail = (typeof PROGRAM_STATUS_MAIL)[number];

/**
 * A waitlist join's message, to the address given: the link that confirms the join (SignedLinks
 * 'confirm-waitlist-join' / 'confirm-program-waitlist-join', the entry id, until `confirmar_hasta`), or — the address
 * already holds a registration, so no entry was made — that it needs nothing (`nombre` is then the registrant's own).
 */
export type WaitlistJoinMail =
  { motivo: 'confirmar'; entrada_id: number; confirmar_hasta: string; nombre: string } | { motivo: 'ya-registrado'; nombre: string };

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
  /** An external event's waitlist join: confirm it (key `lista-espera.confirmar:<entry id>`) or already registered. */
  'lista-espera.confirmar': WaitlistJoinMail & { evento_id: number; slug: string; evento: MailEventSnapshot };
  /** A program's waitlist join (key `programa.lista-espera-confirmar:<entry id>`), as the events' one. */
  'programa.lista-espera-confirmar': WaitlistJoinMail & { programa_id: number; programa: MailProgramSnapshot };
  /**
   * A program application was received (the public form). Key `programa.solicitud-recibida:<registration id>`;
   * queued with the application by programs.
   */
  'programa.solicitud-recibida': {
    registro_id: number;
    programa_id: number;
    nombre: string;
    programa: MailProgramSnapshot;
  };
  /**
   * A place freed in a program with a limit and is held for the first in its waitlist until `oferta_hasta` (ISO): the
   * accept link is signed by the renderer (SignedLinks 'accept-program-waitlist-offer', the program waitlist entry id,
   * until `oferta_hasta`). Key `programa.lista-espera-oferta:<entry id>:<offer number>`.
   */
  'programa.lista-espera-oferta': {
    entrada_id: number;
    programa_id: number;
    nombre: string;
    oferta_hasta: string;
    programa: MailProgramSnapshot;
  };
  /**
   * Staff set an application to confirmado or cancelado. Key `programa.estado-cambiado:<registration id>:<txid>`
   * (the change's transaction: each change is its own message, a retried one is not).
   */
  'programa.estado-cambiado': {
    registro_id: number;
    programa_id: number;
    nombre: string;
    estado: ProgramStatusMail;
    programa: MailProgramSnapshot;
  };
  /**
   * An internal event's invitation: the person's 5-character code, its QR and the public confirmation link,
   * both `${publicUrl}/evento-interno/${slug}?codigo=${codigo}` (`slug` is the event's slug, or its id when it
   * has none). Key `evento-interno.invitacion:<send request id>:<persona id>` (once per attendee and request).
   */
  'evento-interno.invitacion': {
    evento_id: number;
    persona_id: number;
    slug: string;
    nombre: string;
    codigo: string;
    evento: MailEventSnapshot;
  };
  /**
   * The day before (the event starts within 24 h): a registrant of an external event whose registration holds a
   * place, with the confirmation's data (the door code included). Key `recordatorio:evento-externo:<registration id>`.
   * The renderer may add the cancel link (signed like the confirmation's, from `registro_id`).
   */
  'registro.recordatorio': MailTemplateData['registro.confirmacion'];
  /**
   * The day before: an invitee of an internal event who confirmed. Key
   * `recordatorio:evento-interno:<event id>:<persona id>`. The invitation's data: shows the code (the door's check-in
   * reads it) and the public page (same link as the invitation).
   */
  'evento-interno.recordatorio': MailTemplateData['evento-interno.invitacion'];
  /**
   * Privacy: the link that proves the address of an ARCO request (SignedLinks 'confirm-arco-request',
   * the request id, until `confirmar_hasta`). Key `privacidad.confirmar:<request id>`.
   */
  'privacidad.confirmar': {
    solicitud_id: number;
    folio: string;
    nombre: string;
    tipo: string;
    confirmar_hasta: string;
  };
  /**
   * The answer to an ARCO request (LGPDPPSO art. 51). An access request that proceeds carries the download links of
   * its export (SignedLinks 'download-arco-export', the request id, until `exportacion_hasta`). Key
   * `privacidad.respuesta:<request id>`. Sent even to a suppressed address: the law requires the answer.
   */
  'privacidad.respuesta': {
    solicitud_id: number;
    folio: string;
    nombre: string;
    tipo: string;
    resultado: 'procedente' | 'improcedente';
    respuesta: string | null;
    exportacion_hasta: string | null;
  };
  /** To staff with privacidad rights: a request is close to its legal due date. Key `privacidad.recordatorio:<request id>:<user id>`. */
  'privacidad.recordatorio': {
    solicitud_id: number;
    folio: string;
    tipo: string;
    fecha_limite: string;
    dias_habiles_restantes: number;
  };
  /** To a webhook's owner: it was paused after failures in a row, or disabled by a 410. Key `webhooks.detenido:<id>:<updated_at>`. */
  'webhooks.detenido': {
    webhook_id: number;
    url: string;
    estado: 'pausado' | 'deshabilitado';
    motivo: string;
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

/**
 * Who reads the messages about what (the 'Correos' screen, docs/decisions/correos.md): a message about an
 * event or program is read by the staff who may view that area (and resent by those who may edit it); a
 * message about nothing, only by super admins, who read everything.
 */
export const MAIL_REF_AREAS: Record<MailRefType, readonly [Area, ...Area[]]> = {
  'evento-externo': ['eventos_externos'],
  'evento-interno': ['eventos_internos'],
  programa: ['programas_servicios', 'eventos_externos'],
};

/** Every area that reads some messages: the screen's route and link (view in any of them). */
export const MAIL_AREAS = ['eventos_externos', 'eventos_internos', 'programas_servicios'] as const satisfies readonly Area[];

/** The kinds of record whose messages a user may see ('view') or resend ('edit'). */
export function mailRefTypesFor(subject: PermissionSubject | null | undefined, action: Action): MailRefType[] {
  return MAIL_REF_TYPES.filter((t) => canInAnyArea(subject, MAIL_REF_AREAS[t], action));
}

/** Messages per page of the 'Correos' screen. */
export const CORREOS_PAGE_SIZE = 25;

/** Labels of the statuses, as the screen shows them. */
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'En cola',
  sending: 'Enviando',
  sent: 'Enviado',
  failed: 'Fallido',
  stored: 'Guardado sin enviar',
  suppressed: 'Suprimido',
};

/** One message as the staff list shows it (no body). */
export interface CorreoResponse {
  id: number;
  template: string;
  to_email: string;
  to_name: string | null;
  subject: string | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  ref_type: MailRefType | null;
  ref_id: number | null;
  /** The event's or program's title as the message's data names it (for the filter and the row). */
  ref_label: string | null;
  message_id: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

/** One message with what the citizen gets: subject, HTML, text and the names of its attachments. */
export interface CorreoDetailResponse extends CorreoResponse {
  /** Rendered now when the workers have not rendered it yet. */
  html: string;
  text: string;
  attachments: Array<{ filename: string; content_type: string; inline: boolean }>;
  /**
   * How many signed links (cancel, accept…) show as LINK_HIDDEN in html and text: the reader could not do that action
   * from the panel (links.contract.ts, SIGNED_LINKS[purpose].staff).
   */
  hidden_links: number;
}

export interface CorreosPage {
  correos: CorreoResponse[];
  total: number;
  page: number;
  page_size: number;
}

/** One option of the 'por evento' filter. */
export interface CorreoRefOption {
  ref_type: MailRefType;
  ref_id: number;
  label: string;
  total: number;
}
