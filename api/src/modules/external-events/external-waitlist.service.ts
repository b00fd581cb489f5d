import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { ExternalEventsError } from './external-events.errors';
import type { Transaction } from '@core/outbox/unit-of-work';
import { WaitlistEngine, type WaitlistOwner, type WaitlistStep, type WaitlistSpec } from '@core/waitlist/waitlist-engine';
import type { LinkEventView, WaitlistEntryResponse, WaitlistJoined } from '@shared/contracts/external-events.contract';
import { WAITLIST_ENTRY_NOT_FOUND } from '@shared/contracts/waitlist.contract';
import type { NewDomainEvent } from '@shared/events/domain-events';
import { MailOutbox } from '../mail/mail-outbox';
import type { ExternalRegistrationEntity } from './external-registration.entity';
import type { PublicRegistrationDto } from './external-events.dto';
import { toLinkEventView, toRegistrationResponse, toWaitlistEntryResponse } from './external-events.mapper';
import { ExternalEventsRepository } from './external-events.repository';
import { ExternalWaitlistEntryEntity } from './external-waitlist-entry.entity';
import { EVENT_CANCELLED, EVENT_COMPLETED, PUBLIC_NOT_FOUND, registrantFields, toNewRegistration } from './public-registration';
import { RegistrationsRepository } from './registrations.repository';

/**
 * An external event's waitlist in the engine's terms: its entries wait for places of `external_events`; the line is open
 * while the event is published and has not started, and no offer or confirmation link lasts past its start; an address
 * with a registration not cancelled joins nothing; messages go to the address as the registration's own confirmation
 * writes it (lower-cased, trimmed). external_events_capacity_check guards the sum, the partial unique index
 * external_waitlist_event_email_key one active entry per address.
 */
const EXTERNAL_WAITLIST: WaitlistSpec<ExternalWaitlistEntryEntity> = {
  table: 'external_waitlist',
  entity: ExternalWaitlistEntryEntity,
  ownerColumn: 'event_id',
  emailColumn: 'email',
  owner: {
    table: 'external_events',
    capacity: 'max_attendees',
    taken: 'current_attendees',
    open: 'o.event_date > now()',
    deadline: 'o.event_date',
  },
  registrations: { table: 'external_registrations', emailColumn: 'email', holding: `r.status <> 'cancelled'` },
  purposes: { confirm: 'confirm-waitlist-join', accept: 'accept-waitlist-offer' },
  messages: {
    notFound: PUBLIC_NOT_FOUND,
    placesAvailable: 'Aún hay lugares disponibles: regístrate directamente.',
    closed: 'El registro de este evento ya está cerrado.',
    offerUsed: 'Ya aceptaste este lugar: tu registro está confirmado.',
    duplicate: 'Este correo electrónico ya está registrado en este evento.',
    staffNotFound: WAITLIST_ENTRY_NOT_FOUND,
  },
  mails: {
    confirm: 'lista-espera.confirmar',
    offer: 'lista-espera.oferta',
    registered: 'lista-espera.ya-registrado',
    ref: 'evento-externo',
    address: 'lower-case',
  },
};

/**
 * The waitlist of an external event: the one waitlist engine (core/waitlist) with the
 * events' words, messages and domain events. Accepting an offer registers the person (a door code, its confirmation).
 */
@Injectable()
export class ExternalWaitlistService extends WaitlistEngine<
  ExternalWaitlistEntryEntity,
  { evento: LinkEventView },
  ExternalRegistrationEntity
> {
  protected readonly spec = EXTERNAL_WAITLIST;

  @Inject(MailOutbox) protected readonly mailbox!: MailOutbox;
  @Inject(ExternalEventsRepository) private readonly events!: ExternalEventsRepository;
  @Inject(RegistrationsRepository) private readonly registrations!: RegistrationsRepository;

  /** A join takes the registration form's body (the birth date checked as there). */
  async join(slug: string, dto: PublicRegistrationDto): Promise<WaitlistJoined> {
    const avisoVersion = await this.noticeAccepted(dto.aviso_version);
    const r = toNewRegistration(dto, this.config.tzDisplay);
    return this.enqueue(slug, registrantFields(r), r.email, avisoVersion);
  }

  async list(eventId: number): Promise<WaitlistEntryResponse[]> {
    return (await this.listActive(eventId)).map(toWaitlistEntryResponse);
  }

  // ——— What the engine asks of external events ———

  protected event(step: WaitlistStep, w: ExternalWaitlistEntryEntity): NewDomainEvent<`waitlist.${WaitlistStep}`> {
    return { type: `waitlist.${step}`, resourceId: w.id, payload: { event_id: w.eventId, entry: toWaitlistEntryResponse(w) } };
  }

  protected async facts(eventId: number): Promise<{ evento: LinkEventView }> {
    return { evento: toLinkEventView((await this.events.findById(eventId))!) };
  }

  /** A draft does not exist for the public; a cancelled or completed event says so; one that started has closed its line. */
  protected refuseJoin(owner: WaitlistOwner): DomainException | null {
    if (owner.status === 'cancelled') return new DomainException(ExternalEventsError.EventCancelled, EVENT_CANCELLED);
    if (owner.status === 'completed') return new DomainException(ExternalEventsError.EventCompleted, EVENT_COMPLETED);
    if (owner.status !== 'published') return new DomainException(ErrorCode.NotFound, PUBLIC_NOT_FOUND);
    if (!owner.open)
      return new DomainException(ExternalEventsError.EventCompleted, 'El evento ya comenzó; su lista de espera está cerrada.');
    return null;
  }

  protected emailOf(w: ExternalWaitlistEntryEntity): string {
    return w.email;
  }

  protected async ownerMail(manager: EntityManager, eventId: number) {
    return { evento_id: eventId, ...(await this.events.mailSnapshot(manager, eventId)) };
  }

  protected insertRegistration(manager: EntityManager, w: ExternalWaitlistEntryEntity): Promise<ExternalRegistrationEntity | null> {
    return this.registrations.insertFromWaitlist(manager, w.id);
  }

  /** Registered as by the public form: its domain event and its confirmation (with the door code). */
  protected async registered(tx: Transaction, saved: ExternalRegistrationEntity): Promise<void> {
    await tx.record({
      type: 'registration.created',
      resourceId: saved.id,
      payload: { event_id: saved.eventId, registration: toRegistrationResponse(saved) },
    });
    await this.registrations.queueConfirmation(tx.manager, saved.id);
  }
}
