import { SIGNED_LINKS, signedLinkPath } from '@shared/contracts/links.contract';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { MailSettings } from '../mail.settings';
import { formatLongDateMx, formatLongDateTimeMx, formatTimeMx } from '@core/format/display-dates';
import { SignedLinks } from '@core/links/signed-links';
import { mailTemplateRenderer } from './templates';
import { renderLayout } from './layout';
import { MailRenderError, type MailRenderContext, type RenderedMail, type TemplateOutput } from './mail-renderer.types';
import type { MailTemplate, MailTemplateData } from '@shared/contracts/mail.contract';
import { UNSUBSCRIBE_LINK_DAYS } from '@shared/contracts/privacy.contract';

/**
 * The messages a person may stop by a link: the reminders. Confirmations, offers and answers are
 * what the person asked for and are not offered a way out (an oposición request stops them too).
 */
export const UNSUBSCRIBE_TEMPLATES: ReadonlySet<MailTemplate> = new Set(['registro.recordatorio', 'evento-interno.recordatorio']);

/** The domain of an address or of "Name <address>" (MAIL_FROM). */
export function mailDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@').pop()?.trim().toLowerCase() || 'aforo.local';
}

/** What identifies the message being rendered (its row of `correos`). */
export interface RenderTarget {
  id: string;
  createdAt: Date;
}

/**
 * Template → message: the template's renderer (mail's own or an area's, templates/index.ts) gives blocks and attachments, the one
 * layout (layout.ts) writes HTML and text. Deterministic for a given row (links expire with the record, the
 * .ics stamp is the row's creation), so a resend is the same message.
 */
@Injectable()
export class MailRenderer {
  private readonly dateTime: (d: string | Date) => string;
  private readonly date: (d: string | Date) => string;
  private readonly time: (d: string | Date) => string;
  readonly domain: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'municipio' | 'tzDisplay' | 'publicUrl'> & Pick<MailSettings, 'mailFrom'>,
    private readonly links: SignedLinks,
  ) {
    const tz = config.tzDisplay;
    const asDate = (d: string | Date) => (d instanceof Date ? d : new Date(d));
    this.dateTime = (d) => formatLongDateTimeMx(asDate(d), tz);
    this.date = (d) => formatLongDateMx(asDate(d), tz);
    this.time = (d) => formatTimeMx(asDate(d), tz);
    this.domain = mailDomain(config.mailFrom);
  }

  isTemplate(name: string): name is MailTemplate {
    return mailTemplateRenderer(name) !== undefined;
  }

  async render<T extends MailTemplate>(template: T, data: MailTemplateData[T], target: RenderTarget): Promise<RenderedMail>;
  async render(template: string, data: unknown, target: RenderTarget): Promise<RenderedMail>;
  async render(template: string, data: unknown, target: RenderTarget): Promise<RenderedMail> {
    const renderer = mailTemplateRenderer(template) as
      ((d: unknown, c: MailRenderContext) => TemplateOutput | Promise<TemplateOutput>) | undefined;
    if (!renderer) throw new MailRenderError(`Plantilla desconocida: ${template}`);
    if (!data || typeof data !== 'object') throw new MailRenderError('El mensaje no tiene datos');
    const ctx: MailRenderContext = {
      municipio: this.config.municipio,
      publicUrl: this.config.publicUrl,
      domain: this.domain,
      dateTime: this.dateTime,
      date: this.date,
      time: this.time,
      sign: (purpose, id, expiresAt) => this.links.sign(purpose, id, expiresAt),
      message: { id: target.id, createdAt: target.createdAt },
    };
    const out = await renderer(data, ctx);
    const unsubscribe = UNSUBSCRIBE_TEMPLATES.has(template as MailTemplate) ? this.unsubscribeLinks(target) : undefined;
    const layout = renderLayout(out.content, {
      municipio: this.config.municipio,
      privacyUrl: `${this.config.publicUrl}/privacidad/solicitud`,
      unsubscribeUrl: unsubscribe?.pageUrl,
    });
    return { ...layout, attachments: out.attachments ?? [], ...(unsubscribe ? { unsubscribe } : {}) };
  }

  /** The message's own unsubscribe token (its id in `correos`; valid a year from its creation: a resend is the same). */
  private unsubscribeLinks(target: RenderTarget): { pageUrl: string; oneClickUrl: string } {
    const expires = new Date(target.createdAt.getTime() + UNSUBSCRIBE_LINK_DAYS * 86_400_000);
    const token = this.links.sign('unsubscribe-mail', Number(target.id), expires);
    return {
      pageUrl: `${this.config.publicUrl}${signedLinkPath('unsubscribe-mail', token)}`,
      oneClickUrl: `${this.config.publicUrl}${SIGNED_LINKS['unsubscribe-mail'].api}${token}`,
    };
  }
}
