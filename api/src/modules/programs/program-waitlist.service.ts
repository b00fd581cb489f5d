import { Inject, Injectable, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { WaitlistSettings } from '@core/waitlist/waitlist.settings';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { LINK_INVALID, SignedLinks } from '@core/links/signed-links';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import type { QueuedMail } from '@shared/contracts/mail.contract';
import type {
  ProgramConfirmLinkView,
  ProgramOfferLinkView,
  ProgramRegistrationStatus,
  ProgramWaitlistEntryResponse,
} from '@shared/contracts/programs.contract';
import {
  WAITLIST_ALREADY_CONFIRMED,
  WAITLIST_CONFIRM_EXPIRED,
  WAITLIST_CONFIRM_GONE,
  WAITLIST_CONFIRMED,
  WAITLIST_ENTRY_NOT_FOUND,
  WAITLIST_JOIN_SENT,
  WAITLIST_OFFER_EXPIRED,
  WAITLIST_OFFER_GONE,
  type WaitlistJoined,
} from '@shared/contracts/waitlist.contract';
import type { EventActor } from '@shared/events/domain-events';
import { NoticeVersions } from '@shared/contracts/privacy-notice.contract';
import { MailOutbox } from '../mail/mail-outbox';
import {
  assertBirthDate,
  EMAIL_ALREADY_REGISTERED,
  fullName,
  PROGRAM_NOT_FOUND,
  PUBLIC_PROGRAM_NOT_FOUND,
  receivedMail,
  SLUG_PATTERN,
  toNewProgramRegistration,
} from './program-applications';
import type { ProgramWaitlistEntryEntity } from './program-waitlist-entry.entity';
import { ProgramWaitlistRepository, type ProgramOfferLinkRow } from './program-waitlist.repository';
import type { ProgramRegistrationDto } from './programs.dto';
import { toProgramCounts, toProgramRegistrationResponse, toProgramWaitlistEntryResponse } from './programs.mapper';
import { ProgramsRepository, type PlaceRow } from './programs.repository';

export const PROGRAM_WAITLIST_PLACES_AVAILABLE = 'Aún hay lugares disponibles en este programa: regístrate directamente.';
export const PROGRAM_WAITLIST_NO_LIMIT = 'Este programa no tiene límite de participantes: regístrate directamente.';
export const PROGRAM_OFFER_USED = 'Ya aceptaste este lugar: tu solicitud fue registrada.';
export const PROGRAM_OFFER_CLOSED = 'Este programa ya no recibe solicitudes.';
/** The expiry job and the sweep act for nobody (audited as 'sistema'); a join records no domain event at all. */
const SYSTEM: EventActor = { userId: null, ip: null };

/** Confirmed, and still in line or registered from it: a second confirmation changes nothing. */
const CONFIRMED_STATUSES: readonly string[] = ['waiting', 'offered', 'accepted'];

type AcceptOutcome =
  { id: number; status: ProgramRegistrationStatus } | 'used' | 'expired' | 'not_offered' | 'closed' | 'duplicate' | 'gone';

/**
 * The waitlist of a program with a participant limit (issue 22 §4; docs/decisions/programas.md). Every change is one
 * transaction that locks the program row first (`ProgramsRepository.lockCounts`), then the entries: so the counts
 * (`participantes_actuales`, `held_places`, `waitlist_count`), the entries, their messages and their domain events
 * move together, and programas_capacity_check guards the sum. A freed place is offered to the first in line in the
 * same transaction that freed it (`offerNext`).
 */
@Injectable()
export class ProgramWaitlistService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & WaitlistSettings,
    private readonly uow: UnitOfWork,
    private readonly links: SignedLinks,
    private readonly programs: ProgramsRepository,
    private readonly waitlist: ProgramWaitlistRepository,
    private readonly mail: MailOutbox,
    // Absent in the workers process, which never takes a join.
    @Optional() private readonly notices?: NoticeVersions,
  ) {}

  // ——— Public ———

  /**
   * A join (issue 29 §1.4; its route is limited per IP on its own, WAITLIST_JOIN_LIMIT_PER_MINUTE), answered alike
   * whether the address is new (a pending entry and its confirmation message), already registered (a message saying
   * so) or already in line or pending (nothing new): what happened is told only to the address.
   */
  async join(slug: string, dto: ProgramRegistrationDto): Promise<WaitlistJoined> {
    assertBirthDate(dto.fecha_nacimiento, this.config.tzDisplay);
    if (!SLUG_PATTERN.test(slug)) throw new DomainException(ErrorCode.NotFound, PUBLIC_PROGRAM_NOT_FOUND);
    const row = toNewProgramRegistration(dto);
    const avisoVersion = (await this.notices?.accepted(dto.aviso_version)) ?? null;
    const outcome = await this.uow.run(SYSTEM, async (tx) => {
      const counts = await this.programs.lockCountsBySlug(tx.manager, slug);
      if (!counts || counts.status !== 'published') return 'not_found' as const;
      if (counts.maxParticipantes === null) return 'no_limit' as const;
      if (free(counts) > 0) return 'available' as const;
      // Same rule as /register: one registration per e-mail and program, whatever its status.
      const registered = await this.programs.registrationByEmail(tx.manager, counts.id, row.correoElectronico);
      if (registered) {
        await this.mail.queue(tx.manager, [await this.registeredMail(tx.manager, counts.id, registered)]);
        return 'sent' as const;
      }
      const entry = await this.waitlist.insert(tx.manager, counts.id, row, this.config.waitlistConfirmSeconds, avisoVersion);
      if (entry) await this.mail.queue(tx.manager, [await this.confirmMail(tx.manager, entry)]);
      return 'sent' as const;
    });
    switch (outcome) {
      case 'not_found':
        throw new DomainException(ErrorCode.NotFound, PUBLIC_PROGRAM_NOT_FOUND);
      case 'no_limit':
        throw new DomainException(ErrorCode.PlacesAvailable, PROGRAM_WAITLIST_NO_LIMIT);
      case 'available':
        throw new DomainException(ErrorCode.PlacesAvailable, PROGRAM_WAITLIST_PLACES_AVAILABLE);
      default:
        return { message: WAITLIST_JOIN_SENT };
    }
  }

  /** What the confirm page shows: the first name, the program, until when — or that it was already confirmed. */
  async confirmView(token: string): Promise<ProgramConfirmLinkView> {
    const row = await this.waitlist.findConfirmLink(this.links.require('confirm-program-waitlist-join', token, WAITLIST_CONFIRM_EXPIRED));
    if (!row) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    const confirmada = row.confirmed_at !== null;
    if (confirmada && !CONFIRMED_STATUSES.includes(row.status)) throw new DomainException(ErrorCode.LinkUsed, WAITLIST_CONFIRM_GONE);
    if (!confirmada && (row.status !== 'pending' || new Date(row.confirm_until!) <= new Date())) {
      throw new DomainException(ErrorCode.LinkExpired, WAITLIST_CONFIRM_EXPIRED);
    }
    if (!confirmada && row.programa_status !== 'published') throw new DomainException(ErrorCode.LinkExpired, PROGRAM_OFFER_CLOSED);
    return { nombre: row.nombre, programa: linkProgram(row), confirmar_hasta: new Date(row.confirm_until!).toISOString(), confirmada };
  }

  /**
   * The entry takes its place in line (by confirmation time), once: the entry row, locked after the program row, is the
   * "once". A place already free is offered at once. Confirming again changes nothing and says so.
   */
  async confirm(token: string, actor: EventActor): Promise<{ message: string }> {
    const id = this.links.require('confirm-program-waitlist-join', token, WAITLIST_CONFIRM_EXPIRED);
    const programaId = await this.waitlist.programOf(id);
    if (programaId === null) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    const outcome = await this.uow.run(actor, async (tx) => {
      const counts = await this.programs.lockCounts(tx.manager, programaId);
      const w = await this.waitlist.findForUpdate(tx.manager, id);
      // Deleted between the read and the lock (the program, and its line with it).
      if (!counts || !w) return 'not_found' as const;
      if (w.confirmedAt !== null) return CONFIRMED_STATUSES.includes(w.status) ? ('already' as const) : ('gone' as const);
      if (w.status !== 'pending') return 'expired' as const;
      if (w.confirmUntil! <= new Date()) {
        await this.waitlist.close(tx.manager, w.id, 'expired');
        return 'expired' as const;
      }
      if (counts.status !== 'published') return 'closed' as const;
      const entry = await this.waitlist.markConfirmed(tx.manager, w.id);
      const after = await this.programs.moveCounts(tx.manager, programaId, { waiting: 1 });
      await this.recordEntry(tx, 'program-waitlist.joined', entry, after);
      await this.offerNext(tx, programaId);
      return 'ok' as const;
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
        throw new DomainException(ErrorCode.LinkExpired, PROGRAM_OFFER_CLOSED);
      default:
        throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    }
  }

  /** What the accept page shows: the first name, the program (no dates for a continuous one) and until when. */
  async offerView(token: string): Promise<ProgramOfferLinkView> {
    const row = await this.waitlist.findOfferLink(this.links.require('accept-program-waitlist-offer', token, WAITLIST_OFFER_EXPIRED));
    if (!row) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    if (row.status === 'accepted') throw new DomainException(ErrorCode.LinkUsed, PROGRAM_OFFER_USED);
    if (row.status === 'expired') throw new DomainException(ErrorCode.LinkExpired, WAITLIST_OFFER_EXPIRED);
    if (row.status !== 'offered') throw new DomainException(ErrorCode.LinkUsed, WAITLIST_OFFER_GONE);
    if (row.programa_status !== 'published') throw new DomainException(ErrorCode.LinkExpired, PROGRAM_OFFER_CLOSED);
    if (new Date(row.offered_until!) <= new Date()) throw new DomainException(ErrorCode.LinkExpired, WAITLIST_OFFER_EXPIRED);
    return { nombre: row.nombre, programa: linkProgram(row), oferta_hasta: new Date(row.offered_until!).toISOString() };
  }

  /**
   * The held place becomes the application the person sent when joining (status pendiente, its 'solicitud recibida'
   * message), once: the entry row, locked after the program row, is the "once".
   */
  async accept(token: string, actor: EventActor): Promise<{ id: number; status: ProgramRegistrationStatus }> {
    const id = this.links.require('accept-program-waitlist-offer', token, WAITLIST_OFFER_EXPIRED);
    const programaId = await this.waitlist.programOf(id);
    if (programaId === null) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    const outcome = await this.uow.run(actor, async (tx): Promise<AcceptOutcome> => {
      // Deleted between the read above and these locks (the program, or the entry with it): the link names nothing
      // now, so it answers what the accept page answers for it (LINK_INVALID), never a 500.
      const counts = await this.programs.lockCounts(tx.manager, programaId);
      const w = counts && (await this.waitlist.findForUpdate(tx.manager, id));
      if (!counts || !w) return 'gone';
      if (w.status === 'accepted') return 'used';
      if (w.status !== 'offered') return w.status === 'expired' ? 'expired' : 'not_offered';
      if (w.offeredUntil! <= new Date() || counts.status !== 'published') {
        // Too late (its expiry job may not have run yet), or the program closed: the held place moves on now.
        await this.expireEntries(tx, programaId, [w]);
        return counts.status !== 'published' ? 'closed' : 'expired';
      }
      // The application keeps the notice its person accepted when joining.
      const saved = await this.programs.insertRegistration(tx.manager, programaId, w.solicitud, {
        version: w.avisoVersion,
        acceptedAt: w.avisoAceptadoAt,
      });
      if (!saved) {
        // Registered meanwhile with the same e-mail: the entry leaves the line and the held place moves on.
        const removed = await this.waitlist.close(tx.manager, w.id, 'removed');
        const after = await this.programs.moveCounts(tx.manager, programaId, { held: -1 });
        await this.recordEntry(tx, 'program-waitlist.removed', removed, after);
        await this.offerNext(tx, programaId);
        return 'duplicate';
      }
      const entry = await this.waitlist.close(tx.manager, w.id, 'accepted', saved.id);
      const after = await this.programs.moveCounts(tx.manager, programaId, { held: -1, participantes: 1 });
      const registration = toProgramRegistrationResponse(saved);
      await this.mail.queue(tx.manager, [await receivedMail(this.programs, tx.manager, programaId, registration)]);
      await tx.record({
        type: 'program-registration.created',
        resourceId: saved.id,
        payload: { programa_id: programaId, registration, counts: toProgramCounts(after) },
      });
      await this.recordEntry(tx, 'program-waitlist.accepted', entry, after);
      return { id: saved.id, status: saved.status };
    });
    switch (outcome) {
      case 'used':
        throw new DomainException(ErrorCode.LinkUsed, PROGRAM_OFFER_USED);
      case 'expired':
        throw new DomainException(ErrorCode.LinkExpired, WAITLIST_OFFER_EXPIRED);
      case 'closed':
        throw new DomainException(ErrorCode.LinkExpired, PROGRAM_OFFER_CLOSED);
      case 'duplicate':
        throw new DomainException(ErrorCode.EmailAlreadyRegistered, EMAIL_ALREADY_REGISTERED);
      case 'not_offered':
        throw new DomainException(ErrorCode.LinkUsed, WAITLIST_OFFER_GONE);
      case 'gone':
        throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
      default:
        return outcome;
    }
  }

  // ——— Staff ———

  async list(programaId: number): Promise<ProgramWaitlistEntryResponse[]> {
    return (await this.waitlist.listActive(programaId)).map(toProgramWaitlistEntryResponse);
  }

  /** Takes someone out of the line; a place held for them goes to the next, in the same transaction. */
  async remove(programaId: number, entryId: number, actor: EventActor): Promise<void> {
    const outcome = await this.uow.run(actor, async (tx) => {
      if (!(await this.programs.lockCounts(tx.manager, programaId))) return 'no_program' as const;
      const w = await this.waitlist.findForUpdate(tx.manager, entryId);
      if (!w || w.programaId !== programaId || (w.status !== 'waiting' && w.status !== 'offered')) return 'not_found' as const;
      const wasOffered = w.status === 'offered';
      const removed = await this.waitlist.close(tx.manager, w.id, 'removed');
      const after = await this.programs.moveCounts(tx.manager, programaId, wasOffered ? { held: -1 } : { waiting: -1 });
      await this.recordEntry(tx, 'program-waitlist.removed', removed, after);
      if (wasOffered) await this.offerNext(tx, programaId);
      return 'ok' as const;
    });
    if (outcome === 'no_program') throw new DomainException(ErrorCode.NotFound, PROGRAM_NOT_FOUND);
    if (outcome === 'not_found') throw new DomainException(ErrorCode.NotFound, WAITLIST_ENTRY_NOT_FOUND);
  }

  // ——— Places free: offers ———

  /**
   * Offers the program's free places to the first in line, in the caller's transaction (which locked, or this locks,
   * the program row): each offer holds a place until now + WAITLIST_OFFER_HOURS and queues its message. Without a
   * limit every person waiting gets an offer. Nothing while the program is not published. Returns the counts after.
   */
  async offerNext(tx: Transaction, programaId: number): Promise<PlaceRow> {
    let counts = (await this.programs.lockCounts(tx.manager, programaId))!;
    if (counts.status !== 'published') return counts;
    while (counts.maxParticipantes === null || free(counts) > 0) {
      const next = await this.waitlist.firstWaitingForUpdate(tx.manager, programaId);
      if (!next) break;
      const entry = await this.waitlist.markOffered(tx.manager, next.id, this.config.waitlistOfferSeconds);
      counts = await this.programs.moveCounts(tx.manager, programaId, { held: 1, waiting: -1 });
      await this.mail.queue(tx.manager, [await this.offerMail(tx.manager, entry)]);
      await this.recordEntry(tx, 'program-waitlist.offered', entry, counts);
    }
    return counts;
  }

  // ——— Workers ———

  /** An offer's delayed job: expires it if it is still that offer and its time is up (early: retried by BullMQ). */
  async expireOffer(entryId: number, offer: number): Promise<void> {
    const end = await this.waitlist.offerEnd(entryId, offer);
    if (!end) return;
    if (end.getTime() > Date.now()) throw new Error(`Oferta de programa ${entryId}:${offer} aún vigente hasta ${end.toISOString()}`);
    await this.expire(entryId);
  }

  /** The sweep's other half: joins not confirmed in WAITLIST_CONFIRM_HOURS expire (they hold nothing). How many. */
  expireUnconfirmed(): Promise<number> {
    return this.waitlist.expireUnconfirmed();
  }

  /** Expires every offer past its time (the sweep), one transaction per program. How many expired. */
  async expire(entryId: number | null = null): Promise<number> {
    let n = 0;
    for (const programaId of await this.waitlist.programsWithDueOffers(entryId, false)) {
      n += await this.uow.run(SYSTEM, async (tx) => {
        await this.programs.lockCounts(tx.manager, programaId);
        const due = await this.waitlist.dueOffersForUpdate(tx.manager, programaId, entryId, false);
        if (due.length > 0) await this.expireEntries(tx, programaId, due);
        return due.length;
      });
    }
    return n;
  }

  /** The given offers (locked) expire; their held places go to the next in line. */
  private async expireEntries(tx: Transaction, programaId: number, due: ProgramWaitlistEntryEntity[]): Promise<void> {
    const expired = [];
    for (const w of due) expired.push(await this.waitlist.close(tx.manager, w.id, 'expired'));
    const after = await this.programs.moveCounts(tx.manager, programaId, { held: -due.length });
    for (const e of expired) await this.recordEntry(tx, 'program-waitlist.expired', e, after);
    await this.offerNext(tx, programaId);
  }

  private async recordEntry(
    tx: Transaction,
    type:
      | 'program-waitlist.joined'
      | 'program-waitlist.offered'
      | 'program-waitlist.accepted'
      | 'program-waitlist.expired'
      | 'program-waitlist.removed',
    entry: ProgramWaitlistEntryEntity,
    counts: PlaceRow,
  ): Promise<void> {
    await tx.record({
      type,
      resourceId: entry.id,
      payload: { programa_id: entry.programaId, entry: toProgramWaitlistEntryResponse(entry), counts: toProgramCounts(counts) },
    });
  }

  /** A join's message: the confirm link is signed by the renderer (purpose 'confirm-program-waitlist-join'). */
  private async confirmMail(manager: EntityManager, w: ProgramWaitlistEntryEntity): Promise<QueuedMail<'programa.lista-espera-confirmar'>> {
    return {
      key: `programa.lista-espera-confirmar:${w.id}`,
      template: 'programa.lista-espera-confirmar',
      to: {
        email: w.correoElectronico,
        name: fullName({ nombre: w.nombre, apellido_paterno: w.apellidoPaterno, apellido_materno: w.apellidoMaterno }),
      },
      data: {
        motivo: 'confirmar',
        entrada_id: w.id,
        confirmar_hasta: w.confirmUntil!.toISOString(),
        nombre: w.nombre,
        programa_id: w.programaId,
        programa: await this.programs.mailSnapshot(manager, w.programaId),
      },
      ref: { type: 'programa', id: w.programaId },
    };
  }

  /** A join of an address already registered: told to it (not to whoever asked), at most once an hour per registration. */
  private async registeredMail(
    manager: EntityManager,
    programaId: number,
    r: { id: number; nombre: string; apellido_paterno: string; apellido_materno: string; correo_electronico: string },
  ): Promise<QueuedMail<'programa.lista-espera-confirmar'>> {
    return {
      key: `programa.lista-espera-ya-registrado:${r.id}:${hourKey()}`,
      template: 'programa.lista-espera-confirmar',
      to: { email: r.correo_electronico, name: fullName(r) },
      data: {
        motivo: 'ya-registrado',
        nombre: r.nombre,
        programa_id: programaId,
        programa: await this.programs.mailSnapshot(manager, programaId),
      },
      ref: { type: 'programa', id: programaId },
    };
  }

  /** The offer's message: the accept link is signed by the renderer (purpose 'accept-program-waitlist-offer'). */
  private async offerMail(manager: EntityManager, w: ProgramWaitlistEntryEntity): Promise<QueuedMail<'programa.lista-espera-oferta'>> {
    return {
      key: `programa.lista-espera-oferta:${w.id}:${w.offerCount}`,
      template: 'programa.lista-espera-oferta',
      to: {
        email: w.correoElectronico,
        name: fullName({ nombre: w.nombre, apellido_paterno: w.apellidoPaterno, apellido_materno: w.apellidoMaterno }),
      },
      data: {
        entrada_id: w.id,
        programa_id: w.programaId,
        nombre: w.nombre,
        oferta_hasta: w.offeredUntil!.toISOString(),
        programa: await this.programs.mailSnapshot(manager, w.programaId),
      },
      ref: { type: 'programa', id: w.programaId },
    };
  }
}

/** The hour a message is for, UTC (`2026120118`): the same key within it queues one message. */
const hourKey = () => new Date().toISOString().slice(0, 13).replace(/[-T]/g, '');

/** What a link page shows of the program: nothing personal (a continuous one has no dates). */
function linkProgram(row: ProgramOfferLinkRow): ProgramOfferLinkView['programa'] {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    nombre: row.programa_nombre,
    slug: row.slug,
    tipo: row.tipo,
    fecha_inicio: iso(row.fecha_inicio),
    fecha_fin: iso(row.fecha_fin),
    ubicacion: row.ubicacion,
  };
}

/** Free places of a program with a limit: the limit less registrations and places held for the waitlist. */
const free = (c: PlaceRow) => (c.maxParticipantes ?? 0) - c.participantesActuales - c.heldPlaces;
