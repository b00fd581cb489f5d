import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@core/access/current-user';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { maskSignedTokens, maskSignedTokensInHtml } from '@core/links/signed-link-mask';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import {
  CORREOS_PAGE_SIZE,
  mailRefTypesFor,
  type CorreoDetailResponse,
  type CorreoRefOption,
  type CorreoResponse,
  type CorreosPage,
} from '@shared/contracts/mail.contract';
import { SIGNED_LINKS, type LinkPurpose } from '@shared/contracts/links.contract';
import type { EventActor } from '@shared/events/domain-events';
import { canInAnyArea } from '@shared/permissions';
import type { CorreosQueryDto } from './mail.dto';
import { MailRepository, toCorreoResponse, type CorreoRow, type MailVisibility } from './mail.repository';
import { escapeHtml } from './render/html';
import { MailRenderer } from './render/mail-renderer';

const NOT_FOUND = 'El correo no existe';
const PURGED_NO_RESEND = 'El contenido de este correo se eliminó por la conservación de datos; ya no se puede reenviar.';
/** What the screen shows of a message whose body retention purged (the envelope stays). */
const PURGED_TEXT =
  'El contenido de este correo se eliminó por la conservación de datos: se guardan solo el destinatario, el asunto, la fecha y el estado.';

/** The 'Correos' screen: what a user may read (by the areas the messages are about), a preview, a resend. */
@Injectable()
export class MailService {
  constructor(
    private readonly mails: MailRepository,
    private readonly renderer: MailRenderer,
    private readonly uow: UnitOfWork,
  ) {}

  private visibility(user: AuthUser): MailVisibility {
    return { all: user.is_super_admin, refTypes: mailRefTypesFor(user, 'view') };
  }

  private mayRead(user: AuthUser, row: Pick<CorreoRow, 'ref_type'>): boolean {
    return user.is_super_admin || (row.ref_type !== null && mailRefTypesFor(user, 'view').includes(row.ref_type));
  }

  async list(user: AuthUser, query: CorreosQueryDto): Promise<CorreosPage> {
    if (query.ref_id !== undefined && !query.ref_type) {
      throw new DomainException(ErrorCode.ValidationFailed, 'Los datos no son válidos.', { ref_type: ['Indica el tipo del evento.'] });
    }
    const page = query.page ?? 1;
    const { rows, total } = await this.mails.list(this.visibility(user), {
      status: query.status,
      refType: query.ref_type,
      refId: query.ref_id,
      page,
      pageSize: CORREOS_PAGE_SIZE,
    });
    return { correos: rows.map(toCorreoResponse), total, page, page_size: CORREOS_PAGE_SIZE };
  }

  refs(user: AuthUser): Promise<CorreoRefOption[]> {
    return this.mails.refs(this.visibility(user));
  }

  /**
   * The message as the person gets it, rendered now from the row's intent (nothing rendered is stored, docs/decisions/correos.md;
   * a body stored by an earlier build, or put in its place by an ARCO request, is shown as stored). Its
   * inline images go into the HTML as data: URIs, as a mail client would show them. Its signed links work only
   * for a reader who could do the same from the panel (SIGNED_LINKS[purpose].staff); for anyone else each token is
   * LINK_HIDDEN and the HTML link inert (docs/decisions/correos.md, "Enlaces firmados en la pantalla Correos").
   */
  async detail(user: AuthUser, id: number): Promise<CorreoDetailResponse> {
    const row = await this.mails.findById(id);
    if (!row || !this.mayRead(user, row)) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    if (row.purgado_at) return { ...toCorreoResponse(row), html: '', text: PURGED_TEXT, attachments: [], hidden_links: 0 };
    let html = row.html;
    let text = row.text;
    let subject = row.subject;
    let attachments: CorreoDetailResponse['attachments'] = [];
    try {
      const rendered = await this.renderer.render(row.template, row.data, { id: row.id, createdAt: new Date(row.created_at) });
      attachments = rendered.attachments.map((a) => ({
        filename: a.filename,
        content_type: a.contentType.split(';')[0],
        inline: a.inline,
      }));
      html ??= rendered.html;
      // The preview shows the inline images (the QR) the mail client would: cid: → data: (the frame loads nothing).
      for (const a of rendered.attachments) {
        if (a.inline && a.cid)
          html = html.split(`cid:${escapeHtml(a.cid)}`).join(`data:${a.contentType};base64,${a.content.toString('base64')}`);
      }
      text ??= rendered.text;
      subject ??= rendered.subject;
    } catch (err) {
      text ??= `No se pudo preparar el mensaje: ${(err as Error).message}`;
    }
    const mayUse = (purpose: LinkPurpose) => canInAnyArea(user, SIGNED_LINKS[purpose].staff.areas, SIGNED_LINKS[purpose].staff.action);
    const shownHtml = maskSignedTokensInHtml(html ?? '', mayUse);
    const shownText = maskSignedTokens(text ?? '', mayUse);
    return {
      ...toCorreoResponse({ ...row, subject }),
      html: shownHtml.html,
      text: shownText.text,
      attachments,
      hidden_links: new Set([...shownHtml.hidden, ...shownText.hidden]).size,
    };
  }

  /** A failed message back to the queue (same Message-ID); the commit wakes the workers. */
  async resend(user: AuthUser, id: number, actor: EventActor): Promise<CorreoResponse> {
    const row = await this.mails.findById(id);
    if (!row || !this.mayRead(user, row)) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    if (!user.is_super_admin && !(row.ref_type && mailRefTypesFor(user, 'edit').includes(row.ref_type))) {
      throw new DomainException(ErrorCode.Forbidden, 'No tienes permiso para reenviar este correo');
    }
    if (row.purgado_at) throw new DomainException(ErrorCode.InvalidStatusChange, PURGED_NO_RESEND);
    return this.uow.run(actor, async (tx) => {
      const updated = await this.mails.requeueFailed(tx.manager, id);
      if (!updated) throw new DomainException(ErrorCode.InvalidStatusChange, 'Solo se puede reenviar un correo fallido');
      const correo = toCorreoResponse(updated);
      await tx.record({ type: 'mail.resend-requested', resourceId: id, payload: { correo } });
      return correo;
    });
  }
}
