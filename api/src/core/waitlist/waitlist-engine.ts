import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type EntityTarget, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { LINK_INVALID, SignedLinks } from '@core/links/signed-links';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import type { LinkPurpose } from '@shared/contracts/links.contract';
import type { MailRefType, MailTemplate, QueuedMail } from '@shared/contracts/mail.contract';
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

/**
 * Where an area keeps its waitlist (its `<area>` waitlist service declares it): the entries' table and the record whose
 * places the line waits for. The owner's table has `status` ('published' takes people), `slug`, `held_places` (places
 * offered and not yet accepted: they count against the limit), `waitlist_count` (people waiting) and `version`; its
 * capacity CHECK (`taken + held_places <= capacity`) guards every move below.
 */
export interface WaitlistTable {
  /** The entries: WaitlistEntryColumns, the owner's id and the person. */
  table: string;
  ownerColumn: string;
  /**
   * The person's address. A partial unique index on (ownerColumn, lower(btrim(emailColumn))) WHERE status IN ('pending',
   * 'waiting', 'offered') keeps one active entry per address: the join's ON CONFLICT names it by those columns.
   */
  emailColumn: string;
  owner: {
    table: string;
    /** The limit (NULL: none — every person waiting is offered a place). */
    capacity: string;
    /** Registrations holding a place. */
    taken: string;
    /** SQL over the owner row `o`, besides being published, while places are offered and joins confirmed (TRUE: always). */
    open: string;
    /** SQL over `o`, a timestamptz: no offer or confirmation link lasts past it (`NULL::timestamptz`: none). */
    deadline: string;
  };
  /** The registrations an accepted offer writes (same owner column): an address holding one (`holding`, SQL over `r`) joins nothing. */
  registrations: { table: string; emailColumn: string; holding: string };
}

/**
 * The line's messages: the join's (`confirm`: its confirm link, or — `registered`, at most one an hour — that the address
 * is registered already) and the offer's (`offer`: its accept link), keyed `<template>:<entry>` and
 * `<template>:<entry>:<offer number>`. Links are signed by the renderer. `address`: the recipient as stored, or
 * lower-cased and trimmed (as the area's registration messages write it).
 */
export interface WaitlistMail {
  confirm: MailTemplate;
  offer: MailTemplate;
  registered: string;
  ref: MailRefType;
  address: 'as-given' | 'lower-case';
}

/** Someone a message of the line goes to: an entry, or the registration an address already holds. */
interface Addressee {
  id: number;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  email: string;
}

/** The owner row's places, as locked or moved (every path that moves places locks this row first). */
export interface WaitlistOwner {
  id: number;
  status: string;
  /** Published and open (WaitlistTable.owner.open): offers are made, joins confirmed. */
  open: boolean;
  capacity: number | null;
  taken: number;
  held: number;
  waiting: number;
  version: string;
}

/** The step an entry took: each is one domain event of the area (with its audit line and its pushes). */
export type WaitlistStep = 'joined' | 'offered' | 'accepted' | 'expired' | 'removed';

/** The area's own words where the two waitlists speak differently. */
export interface WaitlistMessages {
  /** Joining a record that does not exist (or that the public may not see): 404. */
  notFound: string;
  /** Joining while places are free: 409. */
  placesAvailable: string;
  /** Confirming or accepting once the record closed: 410. */
  closed: string;
  /** Accepting an offer already accepted: 409. */
  offerUsed: string;
  /** Accepting when the address registered meanwhile: 409. */
  duplicate: string;
  /** Staff removing an entry of a record that does not exist: 404. */
  staffNotFound: string;
}

/** How messages are queued: inside the caller's transaction (the mail area's MailOutbox, passed by the area). */
export interface WaitlistMailbox {
  queue(manager: EntityManager, mails: readonly QueuedMail[]): Promise<unknown>;
}

/** The expiry job and the sweep act for nobody (audited as 'sistema'); a join records no domain event at all. */
const SYSTEM: EventActor = { userId: null, ip: null };

/** Confirmed, and still in line or registered from it: a second confirmation changes nothing. */
const CONFIRMED: readonly WaitlistStatus[] = ['waiting', 'offered', 'accepted'];

/** The hour a message is for, UTC (`2026120118`): a key with it queues one message an hour (the 'already registered' one). */
export const mailHour = () => new Date().toISOString().slice(0, 13).replace(/[-T]/g, '');

const free = (o: WaitlistOwner) => o.capacity === null || o.capacity - o.taken - o.held > 0;

/**
 * One waitlist, used by every area that has one (issue 22 §4, issue 29 §1.4; docs/decisions/lista-de-espera.md): join
 * with a confirmation by link (a pending entry holds nothing), a line by confirmation time, a freed place offered to
 * the first in line and held for them, accept, expire (its delayed job, or the sweep), staff remove. Every change is
 * one transaction that locks the owner row first, then the entries, so the owner's counts, the entries, their
 * messages and their domain events move together; the database guards the rest (the capacity CHECK, one active entry
 * per address by a partial unique index, ON CONFLICT). An area extends this class with its table (WaitlistTable), its
 * words, messages and domain events, and what an accepted offer becomes (its registration); its own dependencies are
 * injected as properties (the engine's are this constructor's: a subclass declares none).
 */
@Injectable()
export abstract class WaitlistEngine<
  E extends WaitlistEntryColumns,
  Facts extends object,
  Registration extends { id: number; status: string },
> {
  protected abstract readonly spec: WaitlistTable;
  protected abstract readonly entity: EntityTarget<E>;
  /** The link purposes of the confirmation and the offer (their own per area: one table's token never names another's row). */
  protected abstract readonly purposes: { confirm: LinkPurpose; accept: LinkPurpose };
  protected abstract readonly messages: WaitlistMessages;
  protected abstract readonly mails: WaitlistMail;
  /** How messages are queued: the mail area's MailOutbox, injected by the area's service (core names no area). */
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

  constructor(
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly links: SignedLinks,
  ) {}

  // ——— Public: join, confirm, accept ———

  /**
   * A join (its route is limited per IP on its own, WAITLIST_JOIN_LIMIT_PER_MINUTE), answered alike whether the address
   * is new (a pending entry and its confirmation message), already registered (a message saying so) or already in line
   * or pending (nothing new): what happened is told only to the address. `person` is the entry's own columns.
   */
  protected async enqueue(
    slug: string,
    person: Record<string, unknown>,
    email: string,
    avisoVersion: number | null,
  ): Promise<WaitlistJoined> {
    await this.uow.run(SYSTEM, async (tx) => {
      const owner = await this.lockOwner(tx.manager, 'slug', slug);
      if (!owner) throw new DomainException(ErrorCode.NotFound, this.messages.notFound);
      const refused = this.refuseJoin(owner);
      if (refused) throw refused;
      if (free(owner)) throw new DomainException(ErrorCode.PlacesAvailable, this.messages.placesAvailable);
      const holder = await this.registrationOf(tx.manager, owner.id, email);
      if (holder) {
        // Told to the address only (the answer is the same as any join's), at most once an hour per registration.
        return this.queueMail(tx.manager, owner.id, holder, this.mails.confirm, `${this.mails.registered}:${holder.id}:${mailHour()}`, {
          motivo: 'ya-registrado',
          nombre: holder.nombre,
        });
      }
      const w = await this.insertPending(tx.manager, owner.id, person, email, avisoVersion);
      if (w) {
        await this.queueMail(tx.manager, owner.id, this.addressee(w), this.mails.confirm, `${this.mails.confirm}:${w.id}`, {
          motivo: 'confirmar',
          entrada_id: w.id,
          confirmar_hasta: w.confirmUntil!.toISOString(),
          nombre: w.nombre,
        });
      }
    });
    return { message: WAITLIST_JOIN_SENT };
  }

  /** What the confirm page shows: the first name, the owner, until when — or that it was already confirmed. */
  async confirmView(token: string): Promise<WaitlistConfirmLine & Facts> {
    const {
      entry: w,
      ownerId,
      ownerStatus,
    } = await this.linked(this.links.require(this.purposes.confirm, token, WAITLIST_CONFIRM_EXPIRED));
    const confirmada = w.confirmedAt !== null;
    if (confirmada && !CONFIRMED.includes(w.status)) throw new DomainException(ErrorCode.LinkUsed, WAITLIST_CONFIRM_GONE);
    if (!confirmada && (w.status !== 'pending' || w.confirmUntil! <= new Date())) {
      throw new DomainException(ErrorCode.LinkExpired, WAITLIST_CONFIRM_EXPIRED);
    }
    if (!confirmada && ownerStatus !== 'published') throw new DomainException(ErrorCode.LinkExpired, this.messages.closed);
    return { nombre: w.nombre, ...(await this.facts(ownerId)), confirmar_hasta: w.confirmUntil!.toISOString(), confirmada };
  }

  /**
   * The entry takes its place in line (by confirmation time), once: the entry row, locked after the owner row, is the
   * "once". A place already free is offered at once. Confirming again changes nothing and says so.
   */
  async confirm(token: string, actor: EventActor): Promise<{ message: string }> {
    const id = this.links.require(this.purposes.confirm, token, WAITLIST_CONFIRM_EXPIRED);
    const outcome = await this.inLockedLine(id, actor, async (tx, owner, w) => {
      if (w.confirmedAt !== null) return CONFIRMED.includes(w.status) ? 'already' : 'gone';
      if (w.status !== 'pending') return 'expired';
      if (w.confirmUntil! <= new Date()) {
        await this.close(tx.manager, w.id, 'expired');
        return 'expired';
      }
      if (!owner.open) return 'closed';
      const entry = await this.update(tx.manager, w.id, `status = 'waiting', confirmed_at = now()`);
      await this.record(tx, 'joined', entry, await this.moveCounts(tx.manager, owner.id, { waiting: 1 }));
      await this.offerNext(tx, owner.id);
      return 'ok';
    });
    switch (outcome) {
      case 'ok':
        return { message: WAITLIST_CONFIRMED };
      case 'already':
        return { message: WAITLIST_ALREADY_CONFIRMED };
      case 'gone':
        throw new DomainException(ErrorCode.LinkUsed, WAITLIST_CONFIRM_GONE);
      case 'expired':
        throw new DomainException(ErrorCode.LinkExpired, WAITLIST_CONFIRM_EXPIRED);
      case 'closed':
        throw new DomainException(ErrorCode.LinkExpired, this.messages.closed);
      default:
        throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    }
  }

  /** What the accept page shows: the first name, the owner and until when the place is held. */
  async offerView(token: string): Promise<{ nombre: string; oferta_hasta: string } & Facts> {
    const { entry: w, ownerId, ownerStatus } = await this.linked(this.links.require(this.purposes.accept, token, WAITLIST_OFFER_EXPIRED));
    if (w.status === 'accepted') throw new DomainException(ErrorCode.LinkUsed, this.messages.offerUsed);
    if (w.status === 'expired') throw new DomainException(ErrorCode.LinkExpired, WAITLIST_OFFER_EXPIRED);
    if (w.status !== 'offered') throw new DomainException(ErrorCode.LinkUsed, WAITLIST_OFFER_GONE);
    if (ownerStatus !== 'published') throw new DomainException(ErrorCode.LinkExpired, this.messages.closed);
    if (w.offeredUntil! <= new Date()) throw new DomainException(ErrorCode.LinkExpired, WAITLIST_OFFER_EXPIRED);
    return { nombre: w.nombre, ...(await this.facts(ownerId)), oferta_hasta: w.offeredUntil!.toISOString() };
  }

  /**
   * The held place becomes the area's registration (with its message), once: the entry row, locked after the owner row,
   * is the "once". Too late or closed: the held place moves on now (its expiry job may not have run yet).
   */
  async accept(token: string, actor: EventActor): Promise<Pick<Registration, 'id' | 'status'>> {
    const id = this.links.require(this.purposes.accept, token, WAITLIST_OFFER_EXPIRED);
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
        const removed = await this.close(tx.manager, w.id, 'removed');
        await this.record(tx, 'removed', removed, await this.moveCounts(tx.manager, owner.id, { held: -1 }));
        await this.offerNext(tx, owner.id);
        return 'duplicate';
      }
      const entry = await this.close(tx.manager, w.id, 'accepted', saved.id);
      const after = await this.moveCounts(tx.manager, owner.id, { held: -1, taken: 1 });
      await this.registered(tx, saved, after);
      await this.record(tx, 'accepted', entry, after);
      return { id: saved.id, status: saved.status };
    });
    switch (outcome) {
      case 'used':
        throw new DomainException(ErrorCode.LinkUsed, this.messages.offerUsed);
      case 'expired':
        throw new DomainException(ErrorCode.LinkExpired, WAITLIST_OFFER_EXPIRED);
      case 'closed':
        throw new DomainException(ErrorCode.LinkExpired, this.messages.closed);
      case 'duplicate':
        throw new DomainException(ErrorCode.EmailAlreadyRegistered, this.messages.duplicate);
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
    return this.entries()
      .createQueryBuilder('w')
      .where(`w.${this.spec.ownerColumn} = :ownerId AND w.status IN (:...active)`, { ownerId, active: ACTIVE_WAITLIST_STATUSES })
      .orderBy('w.confirmedAt', 'ASC')
      .addOrderBy('w.id', 'ASC')
      .getMany();
  }

  /** Takes someone out of the line; a place held for them goes to the next, in the same transaction. */
  async remove(ownerId: number, entryId: number, actor: EventActor): Promise<void> {
    const outcome = await this.uow.run(actor, async (tx) => {
      if (!(await this.lockOwner(tx.manager, 'id', ownerId))) return 'no_owner';
      const w = await this.lockEntry(tx.manager, entryId, ownerId);
      if (!w || !ACTIVE_WAITLIST_STATUSES.includes(w.status)) return 'not_found';
      const wasOffered = w.status === 'offered';
      const removed = await this.close(tx.manager, w.id, 'removed');
      await this.record(tx, 'removed', removed, await this.moveCounts(tx.manager, ownerId, wasOffered ? { held: -1 } : { waiting: -1 }));
      if (wasOffered) await this.offerNext(tx, ownerId);
      return 'ok';
    });
    if (outcome === 'no_owner') throw new DomainException(ErrorCode.NotFound, this.messages.staffNotFound);
    if (outcome === 'not_found') throw new DomainException(ErrorCode.NotFound, WAITLIST_ENTRY_NOT_FOUND);
  }

  // ——— Places free: offers ———

  /**
   * Offers the owner's free places to the first in line, in the caller's transaction (which locked, or this locks, the
   * owner row): each offer holds a place until now + WAITLIST_OFFER_HOURS (never past the owner's deadline) and queues
   * its message. Without a limit everyone waiting is offered one. Nothing while the owner is not open. The counts after.
   */
  async offerNext(tx: Transaction, ownerId: number): Promise<WaitlistOwner> {
    let owner = (await this.lockOwner(tx.manager, 'id', ownerId))!;
    if (!owner.open) return owner;
    while (free(owner)) {
      const next = await this.entries(tx.manager)
        .createQueryBuilder('w')
        .where(`w.${this.spec.ownerColumn} = :ownerId AND w.status = 'waiting'`, { ownerId })
        .orderBy('w.confirmedAt', 'ASC')
        .addOrderBy('w.id', 'ASC')
        .limit(1)
        .setLock('pessimistic_write')
        .getOne();
      if (!next) break;
      const entry = await this.update(
        tx.manager,
        next.id,
        `status = 'offered', offer_count = offer_count + 1,
         offered_until = least(now() + make_interval(secs => $2), (SELECT ${this.spec.owner.deadline} FROM ${this.spec.owner.table} o WHERE o.id = $3))`,
        [this.config.waitlistOfferSeconds, ownerId],
      );
      owner = await this.moveCounts(tx.manager, ownerId, { held: 1, waiting: -1 });
      await this.queueMail(
        tx.manager,
        ownerId,
        this.addressee(entry),
        this.mails.offer,
        `${this.mails.offer}:${entry.id}:${entry.offerCount}`,
        {
          entrada_id: entry.id,
          nombre: entry.nombre,
          oferta_hasta: entry.offeredUntil!.toISOString(),
        },
      );
      await this.record(tx, 'offered', entry, owner);
    }
    return owner;
  }

  // ——— Workers ———

  /** An offer's delayed job: expires it if it is still that offer and its time is up (early: retried by BullMQ). */
  async expireOffer(entryId: number, offer: number): Promise<void> {
    const [row]: Array<{ offered_until: Date }> = await this.ds.query(
      `SELECT offered_until FROM ${this.spec.table} WHERE id = $1 AND status = 'offered' AND offer_count = $2`,
      [entryId, offer],
    );
    if (!row) return;
    if (row.offered_until.getTime() > Date.now()) {
      throw new Error(`Oferta ${this.spec.table} ${entryId}:${offer} aún vigente hasta ${row.offered_until.toISOString()}`);
    }
    await this.expire(entryId);
  }

  /** The scheduled sweep: offers past their time, and joins not confirmed in time (these hold nothing: no count moves). */
  async sweep(): Promise<{ offers: number; unconfirmed: number }> {
    const offers = await this.expire(null);
    const [, unconfirmed]: [unknown, number] = await this.ds.query(
      `UPDATE ${this.spec.table} SET status = 'expired', updated_at = now() WHERE status = 'pending' AND confirm_until <= now()`,
    );
    return { offers, unconfirmed };
  }

  /** Expires the offers past their time (all, or only this entry's), one transaction per owner. How many expired. */
  private async expire(entryId: number | null): Promise<number> {
    const due = `status = 'offered' AND offered_until <= now() AND ($1::integer IS NULL OR id = $1)`;
    const owners: Array<{ owner_id: number }> = await this.ds.query(
      `SELECT DISTINCT ${this.spec.ownerColumn} AS owner_id FROM ${this.spec.table} WHERE ${due} ORDER BY 1`,
      [entryId],
    );
    let n = 0;
    for (const { owner_id: ownerId } of owners) {
      n += await this.uow.run(SYSTEM, async (tx) => {
        if (!(await this.lockOwner(tx.manager, 'id', ownerId))) return 0;
        const rows: Array<{ id: number }> = await tx.manager.query(
          `SELECT id FROM ${this.spec.table} WHERE ${this.spec.ownerColumn} = $2 AND ${due} ORDER BY id FOR UPDATE`,
          [entryId, ownerId],
        );
        if (rows.length > 0) await this.expireEntries(tx, ownerId, rows);
        return rows.length;
      });
    }
    return n;
  }

  /** The given offers (locked) expire; their held places go to the next in line. */
  private async expireEntries(tx: Transaction, ownerId: number, due: ReadonlyArray<{ id: number }>): Promise<void> {
    const expired: E[] = [];
    for (const w of due) expired.push(await this.close(tx.manager, w.id, 'expired'));
    const after = await this.moveCounts(tx.manager, ownerId, { held: -due.length });
    for (const e of expired) await this.record(tx, 'expired', e, after);
    await this.offerNext(tx, ownerId);
  }

  // ——— The SQL ———

  private entries(manager?: EntityManager): Repository<E> {
    return (manager ?? this.ds.manager).getRepository(this.entity);
  }

  private ownerColumns(): string {
    const o = this.spec.owner;
    return `o.id, o.status, (o.status = 'published' AND (${o.open})) AS open, o.${o.capacity} AS capacity, o.${o.taken} AS taken,
            o.held_places AS held, o.waitlist_count AS waiting, o.version::text AS version`;
  }

  /** Locks the owner row (every path that moves places or the line takes this lock first) and reads its places. */
  private async lockOwner(manager: EntityManager, by: 'id' | 'slug', key: number | string): Promise<WaitlistOwner | null> {
    const rows: WaitlistOwner[] = await manager.query(
      `SELECT ${this.ownerColumns()} FROM ${this.spec.owner.table} o WHERE o.${by} = $1 FOR UPDATE`,
      [key],
    );
    return rows[0] ?? null;
  }

  /** Moves the owner's counts by the given amounts in one statement (the capacity CHECK guards the result). */
  private async moveCounts(
    manager: EntityManager,
    ownerId: number,
    by: { taken?: number; held?: number; waiting?: number },
  ): Promise<WaitlistOwner> {
    const o = this.spec.owner;
    const [rows]: [WaitlistOwner[], number] = await manager.query(
      `UPDATE ${o.table} o SET ${o.taken} = ${o.taken} + $2, held_places = held_places + $3, waitlist_count = waitlist_count + $4,
              version = version + 1
        WHERE o.id = $1 RETURNING ${this.ownerColumns()}`,
      [ownerId, by.taken ?? 0, by.held ?? 0, by.waiting ?? 0],
    );
    return rows[0];
  }

  private find(manager: EntityManager, id: number): Promise<E | null> {
    return this.entries(manager).createQueryBuilder('w').where('w.id = :id', { id }).getOne();
  }

  private lockEntry(manager: EntityManager, id: number, ownerId: number): Promise<E | null> {
    return this.entries(manager)
      .createQueryBuilder('w')
      .where(`w.id = :id AND w.${this.spec.ownerColumn} = :ownerId`, { id, ownerId })
      .setLock('pessimistic_write')
      .getOne();
  }

  /**
   * Runs a link's change on its entry: reads the entry's owner, then locks the owner row and the entry, in that order.
   * Deleted in between (the owner, and its line with it, or the entry): 'gone' — the link names nothing now.
   */
  private async inLockedLine<T>(
    id: number,
    actor: EventActor,
    work: (tx: Transaction, owner: WaitlistOwner, entry: E) => Promise<T>,
  ): Promise<T | 'gone'> {
    const [row]: Array<{ owner_id: number }> = await this.ds.query(
      `SELECT ${this.spec.ownerColumn} AS owner_id FROM ${this.spec.table} WHERE id = $1`,
      [id],
    );
    if (!row) return 'gone';
    return this.uow.run(actor, async (tx) => {
      const owner = await this.lockOwner(tx.manager, 'id', row.owner_id);
      const entry = owner && (await this.lockEntry(tx.manager, id, owner.id));
      return owner && entry ? work(tx, owner, entry) : 'gone';
    });
  }

  /** A link page's entry and its owner's status, read without any lock. */
  private async linked(id: number): Promise<{ entry: E; ownerId: number; ownerStatus: string }> {
    const [row]: Array<{ owner_id: number; owner_status: string }> = await this.ds.query(
      `SELECT o.id AS owner_id, o.status AS owner_status
         FROM ${this.spec.table} w JOIN ${this.spec.owner.table} o ON o.id = w.${this.spec.ownerColumn} WHERE w.id = $1`,
      [id],
    );
    const entry = row && (await this.find(this.ds.manager, id));
    if (!entry) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    return { entry, ownerId: row.owner_id, ownerStatus: row.owner_status };
  }

  /**
   * A pending entry (confirmable until now + WAITLIST_CONFIRM_HOURS, never past the owner's deadline) unless the address
   * already has one pending, waiting or offered (the partial unique index decides, also between parallel joins). A lapsed
   * pending one of the same address (the sweep may not have run yet) gives way first. The privacy notice accepted (the
   * version, or null: the current one) is recorded on the entry.
   */
  private async insertPending(
    manager: EntityManager,
    ownerId: number,
    person: Record<string, unknown>,
    email: string,
    avisoVersion: number | null,
  ): Promise<E | null> {
    const { table, ownerColumn, emailColumn, owner } = this.spec;
    await manager.query(
      `UPDATE ${table} SET status = 'expired', updated_at = now()
        WHERE ${ownerColumn} = $1 AND status = 'pending' AND confirm_until <= now() AND lower(btrim(${emailColumn})) = lower(btrim($2))`,
      [ownerId, email],
    );
    const columns = Object.keys(person);
    const [row]: Array<{ id: number }> = await manager.query(
      `INSERT INTO ${table} (${ownerColumn}, ${columns.join(', ')}, status, confirm_until, aviso_version, aviso_aceptado_at)
       SELECT o.id, ${columns.map((c) => `p.${c}`).join(', ')}, 'pending',
              least(now() + make_interval(secs => $3), ${owner.deadline}), coalesce($4::integer, aviso_privacidad_vigente()), now()
         FROM ${owner.table} o, jsonb_populate_record(NULL::${table}, $2::jsonb) p
        WHERE o.id = $1
       ON CONFLICT (${ownerColumn}, lower(btrim(${emailColumn}))) WHERE status IN ('pending', 'waiting', 'offered') DO NOTHING
       RETURNING id`,
      [ownerId, JSON.stringify(person), this.config.waitlistConfirmSeconds, avisoVersion],
    );
    return row ? this.find(manager, row.id) : null;
  }

  /** One statement on an (already locked) entry: `set` over its columns ($1 is its id), then the entry as it is now. */
  private async update(manager: EntityManager, id: number, set: string, params: unknown[] = []): Promise<E> {
    await manager.query(`UPDATE ${this.spec.table} SET ${set}, updated_at = now() WHERE id = $1`, [id, ...params]);
    return (await this.find(manager, id))!;
  }

  /** Leaves the offer (or the line): accepted (with its registration), expired or removed. */
  private close(
    manager: EntityManager,
    id: number,
    status: 'accepted' | 'expired' | 'removed',
    registrationId: number | null = null,
  ): Promise<E> {
    return this.update(manager, id, `status = $2, registration_id = coalesce($3, registration_id), offered_until = NULL`, [
      status,
      registrationId,
    ]);
  }

  /** The registration holding a place that an address has here, as a message to it names it; null when none. */
  private async registrationOf(manager: EntityManager, ownerId: number, email: string): Promise<Addressee | null> {
    const r = this.spec.registrations;
    const [row]: Addressee[] = await manager.query(
      `SELECT r.id, r.nombre, r.apellido_paterno, r.apellido_materno, r.${r.emailColumn} AS email FROM ${r.table} r
        WHERE r.${this.spec.ownerColumn} = $1 AND lower(btrim(r.${r.emailColumn})) = lower(btrim($2)) AND (${r.holding}) LIMIT 1`,
      [ownerId, email],
    );
    return row ?? null;
  }

  private addressee(w: E): Addressee {
    return { id: w.id, nombre: w.nombre, apellido_paterno: w.apellidoPaterno, apellido_materno: w.apellidoMaterno, email: this.emailOf(w) };
  }

  /** One message of the line, about the owner, in the caller's transaction. */
  private async queueMail(manager: EntityManager, ownerId: number, to: Addressee, template: MailTemplate, key: string, data: object) {
    const email = this.mails.address === 'lower-case' ? to.email.trim().toLowerCase() : to.email;
    const name = [to.nombre, to.apellido_paterno, to.apellido_materno].filter(Boolean).join(' ');
    const mail = { key, template, to: { email, name }, data: { ...data, ...(await this.ownerMail(manager, ownerId)) } };
    await this.mailbox.queue(manager, [{ ...mail, ref: { type: this.mails.ref, id: ownerId } } as QueuedMail]);
  }

  private record(tx: Transaction, step: WaitlistStep, entry: E, owner: WaitlistOwner): Promise<void> {
    return tx.record(this.event(step, entry, owner));
  }
}
