import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { WaitlistSettings } from '@core/waitlist/waitlist.settings';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { ExternalEventsError } from './external-events.errors';
import { LINK_INVALID, SignedLinks } from '@core/links/signed-links';
import type {
  CancelLinkView,
  ConfirmLinkView,
  LinkEventView,
  OfferLinkView,
  WaitlistEntryResponse,
  WaitlistJoined,
} from '@shared/contracts/external-events.contract';
import {
  WAITLIST_ALREADY_CONFIRMED,
  WAITLIST_CONFIRM_EXPIRED,
  WAITLIST_CONFIRM_GONE,
  WAITLIST_CONFIRMED,
  WAITLIST_ENTRY_NOT_FOUND,
  WAITLIST_JOIN_SENT,
  WAITLIST_OFFER_EXPIRED,
  WAITLIST_OFFER_GONE,
} from '@shared/contracts/waitlist.contract';
import type { EventActor } from '@shared/events/domain-events';
import { NoticeVersions } from '@shared/contracts/privacy-notice.contract';
import type { PublicRegistrationDto } from './external-events.dto';
import { toWaitlistEntryResponse } from './external-events.mapper';
import { EVENT_CANCELLED, EVENT_COMPLETED, PUBLIC_NOT_FOUND, toNewRegistration } from './registrations.service';
import { WaitlistRepository, type LinkRow } from './waitlist.repository';

export const CANCEL_LINK_EXPIRED = 'El enlace para cancelar ya expiró: el evento ya comenzó.';
export const ALREADY_CANCELLED = 'Este registro ya fue cancelado.';
export const CANCEL_ATTENDED = 'Tu asistencia ya fue registrada; este registro ya no se puede cancelar.';
export const CANCEL_CLOSED = 'El registro de este evento ya está cerrado; no se puede cancelar.';
export const OFFER_USED = 'Ya aceptaste este lugar: tu registro está confirmado.';
export const OFFER_CLOSED = 'El registro de este evento ya está cerrado.';
export const OFFER_DUPLICATE = 'Este correo electrónico ya está registrado en este evento.';
export const WAITLIST_PLACES_AVAILABLE = 'Aún hay lugares disponibles: regístrate directamente.';
export const WAITLIST_STARTED = 'El evento ya comenzó; su lista de espera está cerrada.';

function eventView(row: LinkRow): LinkEventView {
  return {
    titulo: row.title,
    slug: row.slug,
    event_date: new Date(row.event_date).toISOString(),
    end_date: row.end_date ? new Date(row.end_date).toISOString() : null,
    location: row.location,
  };
}

/**
 * The citizen's side after registering (issue 22 §3, §4): cancel by link, the waitlist and its offers. Links are
 * checked (purpose, signature, time) before the database; whether a link was used is the record's state.
 */
@Injectable()
export class WaitlistService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & WaitlistSettings,
    private readonly links: SignedLinks,
    private readonly waitlist: WaitlistRepository,
    // Absent in the workers process, which never takes a join.
    @Optional() private readonly notices?: NoticeVersions,
  ) {}

  private get hold(): number {
    return this.config.waitlistOfferSeconds;
  }

  // ——— Cancel by link (§3) ———

  async cancelView(token: string): Promise<CancelLinkView> {
    const row = await this.waitlist.findRegistrationLink(this.links.require('cancel-registration', token, CANCEL_LINK_EXPIRED));
    if (!row) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    if (row.status === 'cancelled') throw new DomainException(ErrorCode.LinkUsed, ALREADY_CANCELLED);
    if (row.status !== 'registered') throw new DomainException(ErrorCode.LinkUsed, CANCEL_ATTENDED);
    if (row.event_status !== 'published') throw new DomainException(ErrorCode.LinkExpired, CANCEL_CLOSED);
    if (new Date(row.event_date) <= new Date()) throw new DomainException(ErrorCode.LinkExpired, CANCEL_LINK_EXPIRED);
    return { nombre: row.nombre, evento: eventView(row) };
  }

  /** The place frees, the event's counts move and the first in line gets an offer: one statement, one transaction. */
  async cancel(token: string, actor: EventActor): Promise<void> {
    const outcome = await this.waitlist.cancelRegistration(
      this.links.require('cancel-registration', token, CANCEL_LINK_EXPIRED),
      this.hold,
      actor,
    );
    switch (outcome) {
      case 'ok':
        return;
      case 'already_cancelled':
        throw new DomainException(ErrorCode.LinkUsed, ALREADY_CANCELLED);
      case 'attended':
        throw new DomainException(ErrorCode.LinkUsed, CANCEL_ATTENDED);
      case 'closed':
        throw new DomainException(ErrorCode.LinkExpired, CANCEL_CLOSED);
      default:
        throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    }
  }

  // ——— Waitlist (§4) ———

  /**
   * A join (issue 29 §1.4; its route is limited per IP on its own, WAITLIST_JOIN_LIMIT_PER_MINUTE), answered alike
   * whether the address is new (a pending entry and its confirmation message), already registered (a message saying
   * so) or already in line or pending (nothing new): what happened is told only to the address.
   */
  async join(slug: string, dto: PublicRegistrationDto): Promise<WaitlistJoined> {
    const avisoVersion = (await this.notices?.accepted(dto.aviso_version)) ?? null;
    const result = await this.waitlist.join(
      slug,
      toNewRegistration(dto, this.config.tzDisplay),
      this.config.waitlistConfirmSeconds,
      avisoVersion,
    );
    switch (result.outcome) {
      case 'ok':
      case 'registered':
      case 'duplicate':
        return { message: WAITLIST_JOIN_SENT };
      case 'available':
        throw new DomainException(ErrorCode.PlacesAvailable, WAITLIST_PLACES_AVAILABLE);
      case 'closed':
        throw new DomainException(ExternalEventsError.EventCompleted, WAITLIST_STARTED);
      case 'cancelled':
        throw new DomainException(ExternalEventsError.EventCancelled, EVENT_CANCELLED);
      case 'completed':
        throw new DomainException(ExternalEventsError.EventCompleted, EVENT_COMPLETED);
      default:
        throw new DomainException(ErrorCode.NotFound, PUBLIC_NOT_FOUND);
    }
  }

  /** What the confirm page shows: the first name, the event, until when — or that it was already confirmed. */
  async confirmView(token: string): Promise<ConfirmLinkView> {
    const row = await this.waitlist.findConfirmLink(this.links.require('confirm-waitlist-join', token, WAITLIST_CONFIRM_EXPIRED));
    if (!row) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    const confirmada = row.confirmed_at !== null;
    if (confirmada && !['waiting', 'offered', 'accepted'].includes(row.status))
      throw new DomainException(ErrorCode.LinkUsed, WAITLIST_CONFIRM_GONE);
    if (!confirmada && (row.status !== 'pending' || new Date(row.confirm_until!) <= new Date())) {
      throw new DomainException(ErrorCode.LinkExpired, WAITLIST_CONFIRM_EXPIRED);
    }
    if (!confirmada && row.event_status !== 'published') throw new DomainException(ErrorCode.LinkExpired, OFFER_CLOSED);
    return { nombre: row.nombre, evento: eventView(row), confirmar_hasta: new Date(row.confirm_until!).toISOString(), confirmada };
  }

  /** The entry takes its place in line, once; confirming again changes nothing and says so. */
  async confirm(token: string, actor: EventActor): Promise<{ message: string }> {
    const id = this.links.require('confirm-waitlist-join', token, WAITLIST_CONFIRM_EXPIRED);
    switch (await this.waitlist.confirm(id, this.hold, actor)) {
      case 'ok':
        return { message: WAITLIST_CONFIRMED };
      case 'already':
        return { message: WAITLIST_ALREADY_CONFIRMED };
      case 'gone':
        throw new DomainException(ErrorCode.LinkUsed, WAITLIST_CONFIRM_GONE);
      case 'expired':
        throw new DomainException(ErrorCode.LinkExpired, WAITLIST_CONFIRM_EXPIRED);
      case 'closed':
        throw new DomainException(ErrorCode.LinkExpired, OFFER_CLOSED);
      default:
        throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    }
  }

  async offerView(token: string): Promise<OfferLinkView> {
    const row = await this.waitlist.findOfferLink(this.links.require('accept-waitlist-offer', token, WAITLIST_OFFER_EXPIRED));
    if (!row) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    if (row.status === 'accepted') throw new DomainException(ErrorCode.LinkUsed, OFFER_USED);
    if (row.status === 'expired') throw new DomainException(ErrorCode.LinkExpired, WAITLIST_OFFER_EXPIRED);
    if (row.status !== 'offered') throw new DomainException(ErrorCode.LinkUsed, WAITLIST_OFFER_GONE);
    if (row.event_status !== 'published') throw new DomainException(ErrorCode.LinkExpired, OFFER_CLOSED);
    if (new Date(row.offered_until!) <= new Date()) throw new DomainException(ErrorCode.LinkExpired, WAITLIST_OFFER_EXPIRED);
    return { nombre: row.nombre, evento: eventView(row), oferta_hasta: new Date(row.offered_until!).toISOString() };
  }

  /** Registers the person in the place held for them (and queues their confirmation), once. */
  async accept(token: string, actor: EventActor): Promise<{ id: number; status: string }> {
    const result = await this.waitlist.accept(this.links.require('accept-waitlist-offer', token, WAITLIST_OFFER_EXPIRED), this.hold, actor);
    switch (result.outcome) {
      case 'ok':
        return { id: result.registrationId, status: 'registered' };
      case 'used':
        throw new DomainException(ErrorCode.LinkUsed, OFFER_USED);
      case 'expired':
        throw new DomainException(ErrorCode.LinkExpired, WAITLIST_OFFER_EXPIRED);
      case 'closed':
        throw new DomainException(ErrorCode.LinkExpired, OFFER_CLOSED);
      case 'duplicate':
        throw new DomainException(ErrorCode.EmailAlreadyRegistered, OFFER_DUPLICATE);
      case 'not_offered':
        throw new DomainException(ErrorCode.LinkUsed, WAITLIST_OFFER_GONE);
      default:
        throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    }
  }

  // ——— Staff ———

  async list(eventId: number): Promise<WaitlistEntryResponse[]> {
    return (await this.waitlist.listActive(eventId)).map(toWaitlistEntryResponse);
  }

  async remove(eventId: number, entryId: number, actor: EventActor): Promise<void> {
    if ((await this.waitlist.remove(eventId, entryId, this.hold, actor)) !== 'ok') {
      throw new DomainException(ErrorCode.NotFound, WAITLIST_ENTRY_NOT_FOUND);
    }
  }

  // ——— Workers ———

  /** An offer's delayed job: expires it if it is still that offer and its time is up (early: retried by BullMQ). */
  async expireOffer(entryId: number, offer: number): Promise<void> {
    const end = await this.waitlist.offerEnd(entryId, offer);
    if (!end) return;
    if (end.getTime() > Date.now()) throw new Error(`Oferta ${entryId}:${offer} aún vigente hasta ${end.toISOString()}`);
    await this.waitlist.expire(entryId, this.hold);
  }

  /** The scheduled sweep: offers past their time, and joins not confirmed in time (these hold nothing). */
  async sweep(): Promise<{ offers: number; unconfirmed: number }> {
    return { offers: await this.waitlist.expire(null, this.hold), unconfirmed: await this.waitlist.expireUnconfirmed() };
  }
}
