import type { LinkPurpose } from '@shared/contracts/links.contract';
import type { MailTemplate, MailTemplateData } from '@shared/contracts/mail.contract';
import type { MailContent } from './layout';

/** A file sent with a message: inline (an image the HTML shows by `cid:`) or attached (.ics). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Inline images: the Content-ID the HTML references as `cid:…`. */
  cid?: string;
  inline: boolean;
}

/** What a message is once rendered: what the SMTP server receives and what the staff preview shows. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
  /**
   * Messages a person may stop (reminders): the page to unsubscribe and the RFC 8058 one-click address the
   * transport names in `List-Unsubscribe` (with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
   */
  unsubscribe?: { pageUrl: string; oneClickUrl: string };
}

/** What a template knows besides its data: configuration, formatting, links, and the message it renders. */
export interface MailRenderContext {
  municipio: string;
  /** Absolute base of every link (PUBLIC_URL, no trailing slash). */
  publicUrl: string;
  /** The domain of MAIL_FROM: UIDs and Content-IDs are made unique with it. */
  domain: string;
  /** "sábado, 12 de diciembre de 2026, 7:00 p. m." in TZ_DISPLAY. */
  dateTime(iso: string | Date): string;
  /** "sábado, 12 de diciembre de 2026" in TZ_DISPLAY. */
  date(iso: string | Date): string;
  /** "7:00 p. m." in TZ_DISPLAY. */
  time(iso: string | Date): string;
  /** A signed link's token (the record's id and expiry only: never personal data in a URL). */
  sign(purpose: LinkPurpose, id: number, expiresAt: Date): string;
  message: { id: string; createdAt: Date };
}

/** What a template returns: its content in blocks (the layout writes HTML and text) and its attachments. */
export interface TemplateOutput {
  content: MailContent;
  attachments?: MailAttachment[];
}

/** One template: its data (a snapshot taken by the area that queued it) to a message. */
export type MailTemplateRenderer<T extends MailTemplate> = (
  data: MailTemplateData[T],
  ctx: MailRenderContext,
) => TemplateOutput | Promise<TemplateOutput>;

/** Bad data in a queued message (a missing field, a bad date): the message fails, with this reason, and is never retried. */
export class MailRenderError extends Error {}
