import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AnonymizedRows } from '@core/privacy/personal-data-registry';
import { PersonalTable } from '@core/privacy/personal-table';
import { EXTERNAL_WAITLIST_PERSONAL_DATA, EVENT_ENDED_BEFORE_SQL } from './external-events.personal-data';
import type { NewRegistration } from './registrations.repository';
import { WaitlistEntryEntity } from './waitlist-entry.entity';

export type JoinOutcome =
  | { outcome: 'ok'; entryId: number }
  | { outcome: 'not_found' | 'draft' | 'cancelled' | 'completed' | 'closed' | 'available' | 'registered' | 'duplicate' };
export type ConfirmOutcome = 'ok' | 'already' | 'gone' | 'expired' | 'closed' | 'not_found';
export type AcceptOutcome =
  { outcome: 'ok'; registrationId: number } | { outcome: 'used' | 'expired' | 'not_offered' | 'not_found' | 'closed' | 'duplicate' };
export type CancelOutcome = 'ok' | 'not_found' | 'already_cancelled' | 'attended' | 'closed';

/** A link page's event and person, read without any lock. */
export interface LinkRow {
  nombre: string;
  status: string;
  title: string;
  slug: string;
  event_date: Date;
  end_date: Date | null;
  location: string;
  event_status: string;
  offered_until: Date | null;
}

/** A confirm link's page: the entry's state and until when it may be confirmed. */
export interface ConfirmLinkRow extends LinkRow {
  confirm_until: Date | null;
  confirmed_at: Date | null;
}

/**
 * The waitlist's and the cancel link's SQL. Every change of a place is ONE call of a function of migration
 * 1764900000000, run under the event row's lock, with its domain events and messages in the same transaction.
 */
@Injectable()
export class WaitlistRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.ds.manager;
  }

  /** The active entries (waiting or offered) of an event, in line order (by confirmation; pending ones are not in line). */
  listActive(eventId: number): Promise<WaitlistEntryEntity[]> {
    return this.ds.getRepository(WaitlistEntryEntity).find({
      where: [
        { eventId, status: 'waiting' },
        { eventId, status: 'offered' },
      ],
      order: { confirmedAt: 'ASC', id: 'ASC' },
    });
  }

  /**
   * A pending entry and its confirmation message (or, for an address already registered, the message saying so), and
   * the privacy notice accepted (the version, or null: the current one) on the new entry in the same transaction.
   */
  async join(slug: string, row: NewRegistration, confirmSeconds: number, avisoVersion: number | null): Promise<JoinOutcome> {
    const input = {
      nombre: row.nombre,
      apellido_paterno: row.apellidoPaterno,
      apellido_materno: row.apellidoMaterno,
      fecha_nacimiento: row.fechaNacimiento,
      phone: row.phone,
      email: row.email,
      empresa: row.empresa,
      tipo_participante: row.tipoParticipante,
    };
    return this.ds.transaction(async (manager) => {
      const [r]: Array<{ outcome: string; entry_id: number | null }> = await manager.query(
        `SELECT outcome, entry_id FROM external_waitlist_join($1, $2::jsonb, $3)`,
        [slug, JSON.stringify(input), confirmSeconds],
      );
      if (r.outcome !== 'ok') return { outcome: r.outcome } as JoinOutcome;
      await manager.query(
        `UPDATE external_waitlist SET aviso_version = coalesce($2::integer, aviso_privacidad_vigente()), aviso_aceptado_at = now() WHERE id = $1`,
        [r.entry_id, avisoVersion],
      );
      return { outcome: 'ok', entryId: r.entry_id! };
    });
  }

  /** The entry takes its place in line (and a free place is offered at once): one statement, under the event row's lock. */
  async confirm(entryId: number, holdSeconds: number, actor: { userId: number | null; ip: string | null }): Promise<ConfirmOutcome> {
    const [r]: Array<{ outcome: ConfirmOutcome }> = await this.ds.query(`SELECT external_waitlist_confirm($1, $2, $3, $4) AS outcome`, [
      entryId,
      holdSeconds,
      actor.userId,
      actor.ip,
    ]);
    return r.outcome;
  }

  /** Pending entries past their time expire (they held nothing: no count moves). How many. */
  async expireUnconfirmed(): Promise<number> {
    const [, n]: [unknown, number] = await this.ds.query(
      `UPDATE external_waitlist SET status = 'expired', updated_at = now() WHERE status = 'pending' AND confirm_until <= now()`,
    );
    return n;
  }

  /** The registration an accepted offer writes keeps the notice its person accepted when joining (same transaction). */
  async accept(entryId: number, holdSeconds: number, actor: { userId: number | null; ip: string | null }): Promise<AcceptOutcome> {
    return this.ds.transaction(async (manager) => {
      const [r]: Array<{ outcome: string; registration_id: number | null }> = await manager.query(
        `SELECT outcome, registration_id FROM external_waitlist_accept($1, $2, $3, $4)`,
        [entryId, holdSeconds, actor.userId, actor.ip],
      );
      if (r.outcome !== 'ok') return { outcome: r.outcome } as AcceptOutcome;
      await manager.query(
        `UPDATE external_registrations r SET aviso_version = w.aviso_version, aviso_aceptado_at = w.aviso_aceptado_at
           FROM external_waitlist w WHERE r.id = $1 AND w.id = $2`,
        [r.registration_id, entryId],
      );
      return { outcome: 'ok', registrationId: r.registration_id! };
    });
  }

  async cancelRegistration(registrationId: number, holdSeconds: number, actor: { userId: number | null; ip: string | null }) {
    const [r]: Array<{ outcome: CancelOutcome }> = await this.ds.query(`SELECT external_cancel_registration($1, $2, $3, $4) AS outcome`, [
      registrationId,
      holdSeconds,
      actor.userId,
      actor.ip,
    ]);
    return r.outcome;
  }

  /** Offers the event's free places to the first in line (after a place freed in the caller's transaction). */
  async offerNext(manager: EntityManager, eventId: number, holdSeconds: number, actor: { userId: number | null; ip: string | null }) {
    await manager.query(`SELECT external_waitlist_offer_next($1, $2, $3, $4)`, [eventId, holdSeconds, actor.userId, actor.ip]);
  }

  async remove(eventId: number, entryId: number, holdSeconds: number, actor: { userId: number | null; ip: string | null }) {
    const [r]: Array<{ outcome: 'ok' | 'not_found' }> = await this.ds.query(
      `SELECT external_waitlist_remove($1, $2, $3, $4, $5) AS outcome`,
      [eventId, entryId, holdSeconds, actor.userId, actor.ip],
    );
    return r.outcome;
  }

  /** Expires one offer (its delayed job) or, with null, every offer past its time (the sweep). How many expired. */
  async expire(entryId: number | null, holdSeconds: number): Promise<number> {
    const [r]: Array<{ n: number }> = await this.ds.query(`SELECT external_waitlist_expire($1, $2) AS n`, [entryId, holdSeconds]);
    return r.n;
  }

  /** When an offer ends (null when it is no longer offered with that number). */
  async offerEnd(entryId: number, offer: number): Promise<Date | null> {
    const [r]: Array<{ offered_until: Date }> = await this.ds.query(
      `SELECT offered_until FROM external_waitlist WHERE id = $1 AND status = 'offered' AND offer_count = $2`,
      [entryId, offer],
    );
    return r?.offered_until ?? null;
  }

  findRegistrationLink(registrationId: number, manager?: EntityManager): Promise<LinkRow | undefined> {
    return this.m(manager)
      .query(
        `SELECT r.nombre, r.status, e.title, e.slug, e.event_date, e.end_date, e.location, e.status AS event_status, NULL AS offered_until
           FROM external_registrations r JOIN external_events e ON e.id = r.event_id WHERE r.id = $1`,
        [registrationId],
      )
      .then((rows: LinkRow[]) => rows[0]);
  }

  findConfirmLink(entryId: number): Promise<ConfirmLinkRow | undefined> {
    return this.ds
      .query(
        `SELECT w.nombre, w.status, e.title, e.slug, e.event_date, e.end_date, e.location, e.status AS event_status, w.offered_until,
                w.confirm_until, w.confirmed_at
           FROM external_waitlist w JOIN external_events e ON e.id = w.event_id WHERE w.id = $1`,
        [entryId],
      )
      .then((rows: ConfirmLinkRow[]) => rows[0]);
  }

  findOfferLink(entryId: number): Promise<LinkRow | undefined> {
    return this.ds
      .query(
        `SELECT w.nombre, w.status, e.title, e.slug, e.event_date, e.end_date, e.location, e.status AS event_status, w.offered_until
           FROM external_waitlist w JOIN external_events e ON e.id = w.event_id WHERE w.id = $1`,
        [entryId],
      )
      .then((rows: LinkRow[]) => rows[0]);
  }

  // ——— Retention (issue 29 §2): the entries of events that ended before the cutoff ———

  countEndedBefore(cutoff: Date): Promise<number> {
    return new PersonalTable(this.ds, EXTERNAL_WAITLIST_PERSONAL_DATA).countWhere(EVENT_ENDED_BEFORE_SQL, [cutoff]);
  }

  /** Anonymised as EXTERNAL_WAITLIST_PERSONAL_DATA says (the same rule as an ARCO cancellation), once each; statuses and counts stay. */
  anonymizeEndedBefore(manager: EntityManager, cutoff: Date): Promise<AnonymizedRows> {
    return new PersonalTable(this.ds, EXTERNAL_WAITLIST_PERSONAL_DATA).anonymizeWhere(manager, EVENT_ENDED_BEFORE_SQL, [cutoff]);
  }
}
