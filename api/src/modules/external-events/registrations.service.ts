import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '@core/access/current-user';
import { can } from '@shared/permissions';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { WaitlistSettings } from '@core/waitlist/waitlist.settings';
import type {
  CancelLinkView,
  ExternalRegistrationResponse,
  PublicEventPageResponse,
  PublicExternalEvent,
} from '@shared/contracts/external-events.contract';
import type { ExternalEventEntity } from '@modules/external-events/external-event.entity';
import type { ExternalRegistrationEntity } from './external-registration.entity';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { ExternalEventsError } from './external-events.errors';
import type { EventActor } from '@shared/events/domain-events';
import { isoDateInZone } from '@core/format/display-dates';
import { LINK_INVALID, SignedLinks } from '@core/links/signed-links';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import { NoticeVersions } from '@shared/contracts/privacy-notice.contract';
import type { PublicRegistrationDto } from './external-events.dto';
import { toLinkEventView, toPublicEvent, toRegistrationResponse } from './external-events.mapper';
import { ExternalEventsRepository } from './external-events.repository';
import { RegistrationBatcher } from './registration-batcher';
import { registrationsSheet } from './registrations-export';
import { sheetFile } from '@core/format/spreadsheet';
import type { DownloadFile, ExportFormat } from '@core/http/downloads';
import { ExternalWaitlistService } from './external-waitlist.service';
import { EVENT_CANCELLED, EVENT_COMPLETED, EVENT_FULL, PUBLIC_NOT_FOUND, toNewRegistration } from './public-registration';
import { RegistrationsRepository } from './registrations.repository';

export const CANCEL_LINK_EXPIRED = 'El enlace para cancelar ya expiró: el evento ya comenzó.';
export const ALREADY_CANCELLED = 'Este registro ya fue cancelado.';
export const CANCEL_ATTENDED = 'Tu asistencia ya fue registrada; este registro ya no se puede cancelar.';
export const CANCEL_CLOSED = 'El registro de este evento ya está cerrado; no se puede cancelar.';
const REGISTRATION_NOT_FOUND = 'El registro no existe.';

/** Why a registration cannot be cancelled by its link now (null: it can); `started`: what an event that began answers. */
function cancelRefusal(r: ExternalRegistrationEntity, event: ExternalEventEntity, started: string): DomainException | null {
  if (r.status === 'cancelled') return new DomainException(ErrorCode.LinkUsed, ALREADY_CANCELLED);
  if (r.status !== 'registered') return new DomainException(ErrorCode.LinkUsed, CANCEL_ATTENDED);
  if (event.status !== 'published') return new DomainException(ErrorCode.LinkExpired, CANCEL_CLOSED);
  if (event.eventDate <= new Date()) return new DomainException(ErrorCode.LinkExpired, started);
  return null;
}

@Injectable()
export class RegistrationsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & WaitlistSettings,
    private readonly uow: UnitOfWork,
    private readonly events: ExternalEventsRepository,
    private readonly registrations: RegistrationsRepository,
    private readonly batcher: RegistrationBatcher,
    private readonly waitlist: ExternalWaitlistService,
    private readonly links: SignedLinks,
    private readonly notices: NoticeVersions,
  ) {}

  // ——— Staff ———

  async list(event: ExternalEventEntity): Promise<ExternalRegistrationResponse[]> {
    return (await this.registrations.listForEvent(event.id)).map(toRegistrationResponse);
  }

  /** The board's registrations as a file (spec 1 §9): CSV, or the same table in Excel. */
  async export(event: ExternalEventEntity, format: ExportFormat): Promise<DownloadFile> {
    const rows = await this.registrations.listForEvent(event.id);
    const date = isoDateInZone(new Date(), this.config.tzDisplay);
    return sheetFile(registrationsSheet(rows), format, `registros_${event.slug}_${date}`, this.config.tzDisplay);
  }

  /** registered → attended (confirm) or attended → registered (unconfirm). */
  async setAttendance(
    eventId: number,
    registrationId: number,
    attended: boolean,
    actor: EventActor,
  ): Promise<ExternalRegistrationResponse> {
    return this.uow.run(actor, async (tx) => {
      const current = await this.registrations.findInEvent(tx.manager, eventId, registrationId);
      if (!current) throw new DomainException(ErrorCode.NotFound, REGISTRATION_NOT_FOUND);
      const from = attended ? 'registered' : 'attended';
      if (current.status !== from) {
        throw new DomainException(
          ErrorCode.InvalidStatusChange,
          attended
            ? 'Solo se puede confirmar la asistencia de un registro pendiente.'
            : 'Solo se puede cancelar la confirmación de un registro con asistencia.',
        );
      }
      const updated = toRegistrationResponse(
        await this.registrations.setStatus(tx.manager, registrationId, attended ? 'attended' : 'registered'),
      );
      await tx.record({
        type: attended ? 'registration.confirmed' : 'registration.unconfirmed',
        resourceId: registrationId,
        payload: { event_id: eventId, registration: updated },
      });
      return updated;
    });
  }

  /**
   * Admitted at the door: the same attendance confirmation as the board's button — registered → attended
   * and its `registration.confirmed`, live on every board — in the door's transaction. A re-entry changes nothing.
   */
  async attendAtDoor(tx: Transaction, eventId: number, registrationId: number): Promise<void> {
    const updated = await this.registrations.attend(tx.manager, eventId, registrationId);
    if (!updated) return;
    await tx.record({
      type: 'registration.confirmed',
      resourceId: registrationId,
      payload: { event_id: eventId, registration: toRegistrationResponse(updated) },
    });
  }

  /**
   * Deletes a registration; unless it was cancelled already (its place freed then), its place frees and goes to
   * the first of the waitlist. The event row is locked first, as every path that moves places does.
   */
  async remove(eventId: number, registrationId: number, actor: EventActor): Promise<void> {
    await this.uow.run(actor, async (tx) => {
      await this.events.findByIdForUpdate(tx.manager, eventId);
      const current = await this.registrations.findInEvent(tx.manager, eventId, registrationId);
      if (!current) throw new DomainException(ErrorCode.NotFound, REGISTRATION_NOT_FOUND);
      await this.registrations.delete(tx.manager, registrationId);
      if (current.status !== 'cancelled') {
        await this.registrations.releasePlace(tx.manager, eventId);
        await this.waitlist.offerNext(tx, eventId);
      }
      await tx.record({
        type: 'registration.deleted',
        resourceId: registrationId,
        payload: { event_id: eventId, registration_id: registrationId },
      });
    });
  }

  // ——— The citizen's cancel link ———

  /**
   * What the cancel page shows: the first name and the event. The link is checked (purpose, signature, time) before
   * the database; whether it was used is the registration's state.
   */
  async cancelView(token: string): Promise<CancelLinkView> {
    const r = await this.registrations.findById(this.links.require('cancel-registration', token, CANCEL_LINK_EXPIRED));
    const event = r && (await this.events.findById(r.eventId));
    if (!r || !event) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    const refused = cancelRefusal(r, event, CANCEL_LINK_EXPIRED);
    if (refused) throw refused;
    return { nombre: r.nombre, evento: toLinkEventView(event) };
  }

  /**
   * The registration is cancelled (the row stays, its e-mail may register again), its place frees and goes to the first
   * in line, in one transaction that locks the event row, then the registration: parallel cancels free one place.
   */
  async cancelByLink(token: string, actor: EventActor): Promise<void> {
    const id = this.links.require('cancel-registration', token, CANCEL_LINK_EXPIRED);
    const eventId = await this.registrations.eventOf(id);
    if (eventId === null) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    await this.uow.run(actor, async (tx) => {
      const event = await this.events.findByIdForUpdate(tx.manager, eventId);
      const r = event && (await this.registrations.findInEvent(tx.manager, eventId, id));
      if (!event || !r) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
      const refused = cancelRefusal(r, event, CANCEL_CLOSED);
      if (refused) throw refused;
      const registration = toRegistrationResponse(await this.registrations.setStatus(tx.manager, id, 'cancelled'));
      await this.registrations.releasePlace(tx.manager, eventId);
      await tx.record({ type: 'registration.cancelled', resourceId: id, payload: { event_id: eventId, registration } });
      await this.waitlist.offerNext(tx, eventId);
    });
  }

  // ——— Public ———

  async listPublic(): Promise<PublicExternalEvent[]> {
    return (await this.events.listPublished()).map(toPublicEvent);
  }

  async featured() {
    const e = await this.events.findFeatured();
    return e ? { title: e.title, slug: e.slug, image_url: e.imageUrl, event_date: e.eventDate.toISOString(), location: e.location } : null;
  }

  /** Drafts exist only for staff allowed to see external events (preview); everyone else gets 404. */
  async publicPage(slug: string, viewer: AuthUser | undefined): Promise<PublicEventPageResponse> {
    const event = await this.events.findBySlug(slug);
    if (!event || (event.status === 'draft' && !can(viewer, 'eventos_externos', 'view'))) {
      throw new DomainException(ErrorCode.NotFound, PUBLIC_NOT_FOUND);
    }
    return {
      event: toPublicEvent(event),
      is_preview: event.status === 'draft',
      is_completed: event.status === 'completed',
      is_cancelled: event.status === 'cancelled',
    };
  }

  /**
   * Public registration. Everything that depends on the event — exists, published, not full, e-mail
   * not yet registered — is decided by the database, in a batch with the registrations arriving at
   * the same moment (RegistrationBatcher): no read before, nothing written when refused.
   */
  async register(slug: string, dto: PublicRegistrationDto, actor: EventActor): Promise<{ id: number; status: string }> {
    const row = toNewRegistration(dto, this.config.tzDisplay);
    const result = await this.batcher.submit(slug, {
      ...row,
      actorId: actor.userId,
      ip: actor.ip,
      avisoVersion: await this.notices.accepted(dto.aviso_version),
    });
    switch (result.outcome) {
      case 'ok':
        return { id: result.id, status: result.status };
      case 'duplicate':
        throw new DomainException(ErrorCode.EmailAlreadyRegistered, 'Este correo electrónico ya está registrado en este evento.');
      case 'full':
        throw new DomainException(ExternalEventsError.EventFull, EVENT_FULL);
      case 'cancelled':
        throw new DomainException(ExternalEventsError.EventCancelled, EVENT_CANCELLED);
      case 'completed':
        throw new DomainException(ExternalEventsError.EventCompleted, EVENT_COMPLETED);
      default:
        // not_found, draft: a draft does not exist for the public.
        throw new DomainException(ErrorCode.NotFound, PUBLIC_NOT_FOUND);
    }
  }
}
