import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { WaitlistSettings } from './waitlist.settings';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { LINK_INVALID, SignedLinks } from '@core/links/signed-links';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import type { MailTemplate, QueuedMail } from '@shared/contracts/mail.contract';
import { NoticeVersions } from '@shared/contracts/privacy-notice.contract';
import {
  ACTIVE_WAITLIST_STATUSES,
  WAITLIST_ALREADY_CONFIRMED,
  WAITLIST_CONFIRM_EXPIRED,
  WAITLIST_CONFIRM_GONE,
  WAITLIST_CONFIRMED,
  WAITLIST_ENTRY_NOT_FOUND,
  WAITLIST_JOIN_SENT,
  WAITLIST_OFFER_EXPIRED,
  WAITLIST_OFFER_GONE,
  type WaitlistConfirmLine,
  type WaitlistJoined,
  type WaitlistStatus,
} from '@shared/contracts/waitlist.contract';
import type { EventActor, NewDomainEvent } from '@shared/events/domain-events';
import type { WaitlistEntryColumns } from './waitlist-entry.columns';
import { WaitlistRepository, type Addressee, type WaitlistOwner } from './waitlist.repository';
import type { WaitlistSpec } from './waitlist.spec';
import { fullName, wireNames } from '@core/format/person-names';

export type { WaitlistOwner } from './waitlist.repository';
export type { WaitlistSpec } from './waitlist.spec';

/** The step an entry took: each is one domain event of the area (with its audit line and its pushes). */
export type WaitlistStep = 'joined' | 'offered' | 'accepted' | 'expired' | 'removed';

/** How messages are queued: inside the caller's transaction (the mail area's MailOutbox, injected by the area). */
export interface WaitlistMailbox {
  queue(manager: EntityManager, mails: readonly QueuedMail[]): Promise<unknown>;
}

/** The expiry job and the sweep act for nobody (audited as 'sistema'); a join records no domain event at all. */
const SYSTEM: EventActor = { userId: null, ip: null };

/** Confirmed, and still in line or registered from it: a second confirmation changes nothing. */
const CONFIRMED: readonly WaitlistStatus[] = ['waiting', 'offered', 'accepted'];

/** The hour a message is for, UTC (`2026120118`): a key with it queues one message an hour. */
const mailHour = () => new Date().toISOString().slice(0, 13).replace(/[-T]/g, '');

const free = (o: WaitlistOwner) => o.capacity === null || o.capacity - o.taken - o.held > 0;

/**
 * One waitlist, used by every area that has one (docs/decisions/plataforma.md, «Una lista de espera, un motor»): join
 * with a confirmation by link (a pending entry holds nothing), a line by confirmation time, a freed place offered to
 * the first in line and held for them, accept, expire (its delayed job, or the sweep), staff remove. Every change is
 * one transaction that locks the owner row first, then the entries, so the owner's counts, the entries, their
 * messages and their domain events move together; the database guards the rest (the capacity CHECK, one active entry
 * per address by a partial unique index, ON CONFLICT). An area extends this class with its spec (WaitlistSpec: tables,
 * words, messages), its domain events and what an accepted offer becomes (its registration); it declares no
 * constructor (the engine's dependencies are this one's) and gets its own dependencies as injected properties.
 */
@Injectable()
export abstract class WaitlistEngine<
  E extends WaitlistEntryColumns,
  Facts extends object,
  Registration extends { id: number; status: string },
> {
  protected abstract readonly spec: WaitlistSpec<E>;
  /** The mail area's MailOutbox (core names no area: the area injects it). */
  protected abstract readonly mailbox: WaitlistMailbox;

  /** The step's domain event (recorded in the step's transaction), with the owner's counts after it. */
  protected abstract event(step: WaitlistStep, entry: E, owner: WaitlistOwner): NewDomainEvent;
  /** What a link page shows of the owner (nothing personal), under the area's key. */
  protected abstract facts(ownerId: number): Promise<Facts>;
  /** A join the area refuses before anything else (not published, over, no limit…): its exception, or null. */
  protected abstract refuseJoin(owner: WaitlistOwner): DomainException | null;
  /** An entry's address (each area names its column). */
  protected abstract emailOf(entry: E): string;
  /** What every message of the line says about the owner (a snapshot: the mail area never reads the owner's table). */
  protected abstract ownerMail(manager: EntityManager, ownerId: number): Promise<object>;
  /** The registration an accepted offer writes from the entry, or null: the address registered meanwhile (its unique index). */
  protected abstract insertRegistration(manager: EntityManager, entry: E, ownerId: number): Promise<Registration | null>;
  /** The new registration's own message and domain event, with the owner's counts after it. */
  protected abstract registered(tx: Transaction, registration: Registration, owner: WaitlistOwner): Promise<void>;

  private repository?: WaitlistRepository<E>;

  constructor(
    @Inject(APP_CONFIG) protected readonly config: AppConfig & WaitlistSettings,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly links: SignedLinks,
    // Absent in the workers process, which never takes a join.
    @Optional() private readonly notices?: NoticeVersions,
  ) {}

  /** The SQL, written from the area's spec (a subclass's fields exist only after this constructor). */
  private get rows(): WaitlistRepository<E> {
    return (this.repository ??= new WaitlistRepository(this.ds, this.spec));
  }

  // ——— Public: join, confirm, accept ———

  /** The privacy notice version a form accepted (the one it sent, checked; or null: the current one). */
  protected async noticeAccepted(version: number | undefined): Promise<number | null> {
    return (await this.notices?.accepted(version)) ?? null;
  }

  /**
   * A join (its route is limited per IP on its own, WAITLIST_JOIN_LIMIT_PER_MINUTE), answered alike whether the address
   * is new (a pending entry and its confirmation message), already registered (a message saying so, at most one an hour)
   * or already in line or pending (nothing new): what happened is told only to the address. `person`: the entry's columns.
   */
  protected async enqueue(
    slug: string,
    person: Record<string, unknown>,
    email: string,
    avisoVersion: number | null,
  ): Promise<WaitlistJoined> {
    const { messages, mails } = this.spec;
    await this.uow.run(SYSTEM, async (tx) => {
      const owner = await this.rows.lockOwner(tx.manager, 'slug', slug);
      if (!owner) throw new DomainException(ErrorCode.NotFound, messages.notFound);
      const refused = this.refuseJoin(owner);
      if (refused) throw refused;
      if (free(owner)) throw new DomainException(ErrorCode.PlacesAvailable, messages.placesAvailable);
      const holder = await this.rows.registrationOf(tx.manager, owner.id, email);
      if (holder) {
        const data = { motivo: 'ya-registrado', nombre: holder.nombre };
        return this.queueMail(tx.manager, owner.id, holder, mails.confirm, `${mails.registered}:${holder.id}:${mailHour()}`, data);
      }
      const w = await this.rows.insertPending(tx.manager, owner.id, person, email, this.config.waitlistConfirmSeconds, avisoVersion);
      if (!w) return;
      const data = { motivo: 'confirmar', entrada_id: w.id, confirmar_hasta: w.confirmUntil!.toISOString(), nombre: w.nombre };
      await this.queueMail(tx.manager, owner.id, this.addressee(w), mails.confirm, `${mails.confirm}:${w.id}`, data);
    });
    return { message: WAITLIST_JOIN_SENT };
  }

  /** What the confirm page shows: the first name, the owner, until when — or that it was already confirmed. */
  async confirmView(token: string): Promise<WaitlistConfirmLine & Facts> {
    const { w, owner } = await this.linked(this.links.require(this.spec.purposes.confirm, token, WAITLIST_CONFIRM_EXPIRED));
    const confirmada = w.confirmedAt !== null;
    if (confirmada && !CONFIRMED.includes(w.status)) throw new DomainException(ErrorCode.LinkUsed, WAITLIST_CONFIRM_GONE);
    if (!confirmada && (w.status !== 'pending' || w.confirmUntil! <= new Date())) {
      throw new DomainException(ErrorCode.LinkExpired, WAITLIST_CONFIRM_EXPIRED);
    }
    if (!confirmada && owner.status !== 'published') throw new DomainException(ErrorCode.LinkExpired, this.spec.messages.closed);
    return { nombre: w.nombre, ...(await this.facts(owner.id)), confirmar_hasta: w.confirmUntil!.toISOString(), confirmada };
  }

  /**
   * The entry takes its place in line (by confirmation time), once: the entry row, locked after the owner row, is the
   * "once". A place already free is offered at once. Confirming again changes nothing and says so.
   */
  async confirm(token: string, actor: EventActor): Promise<{ message: string }> {
    const id = this.links.require(this.spec.purposes.confirm, token, WAITLIST_CONFIRM_EXPIRED);
    const outcome = await this.inLockedLine(id, actor, async (tx, owner, w) => {
      if (w.confirmedAt !== null) return CONFIRMED.includes(w.status) ? 'already' : 'left';
      if (w.status !== 'pending') return 'expired';
      if (w.confirmUntil! <= new Date()) {
        await this.rows.close(tx.manager, w.id, 'expired');
        return 'expired';
      }
      if (!owner.open) return 'closed';
      const entry = await this.rows.markConfirmed(tx.manager, w.id);
      await this.record(tx, 'joined', entry, await this.rows.moveCounts(tx.manager, owner.id, { waiting: 1 }));
      await this.offerNext(tx, owner.id);
      return 'ok';
    });
    switch (outcome) {
      case 'ok':
        return { message: WAITLIST_CONFIRMED };
      case 'already':
        return { message: WAITLIST_ALREADY_CONFIRMED };
      case 'left':
        throw new DomainException(ErrorCode.LinkUsed, WAITLIST_CONFIRM_GONE);
      case 'expired':
        throw new DomainException(ErrorCode.LinkExpired, WAITLIST_CONFIRM_EXPIRED);
      case 'closed':
        throw new DomainException(ErrorCode.LinkExpired, this.spec.messages.closed);
      default:
        throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    }
  }

  /** What the accept page shows: the first name, the owner and until when the place is held. */
  async offerView(token: string): Promise<{ nombre: string; oferta_hasta: string } & Facts> {
    const { w, owner } = await this.linked(this.links.require(this.spec.purposes.accept, token, WAITLIST_OFFER_EXPIRED));
    if (w.status === 'accepted') throw new DomainException(ErrorCode.LinkUsed, this.spec.messages.offerUsed);
    if (w.status === 'expired') throw new DomainException(ErrorCode.LinkExpired, WAITLIST_OFFER_EXPIRED);
    if (w.status !== 'offered') throw new DomainException(ErrorCode.LinkUsed, WAITLIST_OFFER_GONE);
    if (owner.status !== 'published') throw new DomainException(ErrorCode.LinkExpired, this.spec.messages.closed);
    if (w.offeredUntil! <= new Date()) throw new DomainException(ErrorCode.LinkExpired, WAITLIST_OFFER_EXPIRED);
    return { nombre: w.nombre, ...(await this.facts(owner.id)), oferta_hasta: w.offeredUntil!.toISOString() };
  }

  /**
   * The held place becomes the area's registration (with its message), once: the entry row, locked after the owner row,
   * is the "once". Too late or closed: the held place moves on now (its expiry job may not have run yet).
   */
  async accept(token: string, actor: EventActor): Promise<Pick<Registration, 'id' | 'status'>> {
    const id = this.links.require(this.spec.purposes.accept, token, WAITLIST_OFFER_EXPIRED);
    const outcome = await this.inLockedLine(id, actor, async (tx, owner, w) => {
      if (w.status === 'accepted') return 'used';
      if (w.status !== 'offered') return w.status === 'expired' ? 'expired' : 'not_offered';
      if (w.offeredUntil! <= new Date() || owner.status !== 'published') {
        await this.expireEntries(tx, owner.id, [w]);
        return owner.status !== 'published' ? 'closed' : 'expired';
      }
      const saved = await this.insertRegistration(tx.manager, w, owner.id);
      if (!saved) {
        // Registered meanwhile with the same address: the entry leaves the line and the held place moves on.
        const removed = await this.rows.close(tx.manager, w.id, 'removed');
        await this.record(tx, 'removed', removed, await this.rows.moveCounts(tx.manager, owner.id, { held: -1 }));
        await this.offerNext(tx, owner.id);
        return 'duplicate';
      }
      const entry = await this.rows.close(tx.manager, w.id, 'accepted', saved.id);
      const after = await this.rows.moveCounts(tx.manager, owner.id, { held: -1, taken: 1 });
      await this.registered(tx, saved, after);
      await this.record(tx, 'accepted', entry, after);
      return { id: saved.id, status: saved.status };
    });
    switch (outcome) {
      case 'used':
        throw new DomainException(ErrorCode.LinkUsed, this.spec.messages.offerUsed);
      case 'expired':
        throw new DomainException(ErrorCode.LinkExpired, WAITLIST_OFFER_EXPIRED);
      case 'closed':
        throw new DomainException(ErrorCode.LinkExpired, this.spec.messages.closed);
      case 'duplicate':
        throw new DomainException(ErrorCode.EmailAlreadyRegistered, this.spec.messages.duplicate);
      case 'not_offered':
        throw new DomainException(ErrorCode.LinkUsed, WAITLIST_OFFER_GONE);
      case 'gone':
        throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
      default:
        return outcome;
    }
  }

  // ——— Staff ———

  /** The active entries (waiting or offered), in line order (by confirmation; pending ones are not in line). */
  protected listActive(ownerId: number): Promise<E[]> {
    return this.rows.listActive(ownerId);
  }

  /** Takes someone out of the line; a place held for them goes to the next, in the same transaction. */
  async remove(ownerId: number, entryId: number, actor: EventActor): Promise<void> {
    const outcome = await this.uow.run(actor, async (tx) => {
      if (!(await this.rows.lockOwner(tx.manager, 'id', ownerId))) return 'no_owner';
      const w = await this.rows.lockEntry(tx.manager, entryId, ownerId);
      if (!w || !ACTIVE_WAITLIST_STATUSES.includes(w.status)) return 'not_found';
      const wasOffered = w.status === 'offered';
      const removed = await this.rows.close(tx.manager, w.id, 'removed');
      const after = await this.rows.moveCounts(tx.manager, ownerId, wasOffered ? { held: -1 } : { waiting: -1 });
      await this.record(tx, 'removed', removed, after);
      if (wasOffered) await this.offerNext(tx, ownerId);
      return 'ok';
    });
    if (outcome === 'no_owner') throw new DomainException(ErrorCode.NotFound, this.spec.messages.staffNotFound);
    if (outcome === 'not_found') throw new DomainException(ErrorCode.NotFound, WAITLIST_ENTRY_NOT_FOUND);
  }

  // ——— Places free: offers ———

  /**
   * Offers the owner's free places to the first in line, in the caller's transaction (which locked, or this locks, the
   * owner row): each offer holds a place until now + WAITLIST_OFFER_HOURS (never past the owner's deadline) and queues
   * its message. Without a limit everyone waiting is offered one. Nothing while the owner is not open. The counts after.
   */
  async offerNext(tx: Transaction, ownerId: number): Promise<WaitlistOwner> {
    const { mails } = this.spec;
    let owner = (await this.rows.lockOwner(tx.manager, 'id', ownerId))!;
    if (!owner.open) return owner;
    while (free(owner)) {
      const next = await this.rows.firstWaitingForUpdate(tx.manager, ownerId);
      if (!next) break;
      const w = await this.rows.markOffered(tx.manager, next.id, ownerId, this.config.waitlistOfferSeconds);
      owner = await this.rows.moveCounts(tx.manager, ownerId, { held: 1, waiting: -1 });
      const data = { entrada_id: w.id, nombre: w.nombre, oferta_hasta: w.offeredUntil!.toISOString() };
      await this.queueMail(tx.manager, ownerId, this.addressee(w), mails.offer, `${mails.offer}:${w.id}:${w.offerCount}`, data);
      await this.record(tx, 'offered', w, owner);
    }
    return owner;
  }

  // ——— Workers ———

  /** An offer's delayed job: expires it if it is still that offer and its time is up (early: retried by BullMQ). */
  async expireOffer(entryId: number, offer: number): Promise<void> {
    const end = await this.rows.offerEnd(entryId, offer);
    if (!end) return;
    if (end.getTime() > Date.now()) throw new Error(`Oferta ${this.spec.table} ${entryId}:${offer} aún vigente hasta ${end.toISOString()}`);
    await this.expire(entryId);
  }

  /** The scheduled sweep: offers past their time, and joins not confirmed in time (these hold nothing: no count moves). */
  async sweep(): Promise<{ offers: number; unconfirmed: number }> {
    return { offers: await this.expire(null), unconfirmed: await this.rows.expireUnconfirmed() };
  }

  /** Expires the offers past their time (all, or only this entry's), one transaction per owner. How many expired. */
  private async expire(entryId: number | null): Promise<number> {
    let n = 0;
    for (const ownerId of await this.rows.ownersWithDueOffers(entryId)) {
      n += await this.uow.run(SYSTEM, async (tx) => {
        if (!(await this.rows.lockOwner(tx.manager, 'id', ownerId))) return 0;
        const due = await this.rows.dueOffersForUpdate(tx.manager, ownerId, entryId);
        if (due.length > 0) await this.expireEntries(tx, ownerId, due);
        return due.length;
      });
    }
    return n;
  }

  /** The given offers (locked) expire; their held places go to the next in line. */
  private async expireEntries(tx: Transaction, ownerId: number, due: ReadonlyArray<{ id: number }>): Promise<void> {
    const expired: E[] = [];
    for (const w of due) expired.push(await this.rows.close(tx.manager, w.id, 'expired'));
    const after = await this.rows.moveCounts(tx.manager, ownerId, { held: -due.length });
    for (const e of expired) await this.record(tx, 'expired', e, after);
    await this.offerNext(tx, ownerId);
  }

  // ——— Pieces ———

  /**
   * Runs a link's change on its entry: reads the entry's owner, then locks the owner row and the entry, in that order.
   * Deleted in between (the owner, and its line with it, or the entry): 'gone' — the link names nothing now.
   */
  private async inLockedLine<T>(
    id: number,
    actor: EventActor,
    work: (tx: Transaction, owner: WaitlistOwner, entry: E) => Promise<T>,
  ): Promise<T | 'gone'> {
    const of = await this.rows.ownerOf(id);
    if (!of) return 'gone';
    return this.uow.run(actor, async (tx) => {
      const owner = await this.rows.lockOwner(tx.manager, 'id', of.id);
      const entry = owner && (await this.rows.lockEntry(tx.manager, id, owner.id));
      return owner && entry ? work(tx, owner, entry) : 'gone';
    });
  }

  /** A link page's entry and its owner, read without any lock. */
  private async linked(id: number): Promise<{ w: E; owner: { id: number; status: string } }> {
    const owner = await this.rows.ownerOf(id);
    const w = owner && (await this.rows.find(id));
    if (!owner || !w) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    return { w, owner };
  }

  private addressee(w: E): Addressee {
    return { id: w.id, ...wireNames(w), email: this.emailOf(w) };
  }

  /** One message of the line, about the owner, in the caller's transaction (its key makes it once). */
  private async queueMail(manager: EntityManager, ownerId: number, to: Addressee, template: MailTemplate, key: string, data: object) {
    const { address, ref } = this.spec.mails;
    const email = address === 'lower-case' ? to.email.trim().toLowerCase() : to.email;
    const name = fullName(to);
    const mail = {
      key,
      template,
      to: { email, name },
      data: { ...data, ...(await this.ownerMail(manager, ownerId)) },
      ref: { type: ref, id: ownerId },
    };
    await this.mailbox.queue(manager, [mail as QueuedMail]);
  }

  private record(tx: Transaction, step: WaitlistStep, entry: E, owner: WaitlistOwner): Promise<void> {
    return tx.record(this.event(step, entry, owner));
  }
}
