import type { DataSource, EntityManager, Repository } from 'typeorm';
import { ACTIVE_WAITLIST_STATUSES } from '@shared/contracts/waitlist.contract';
import type { WaitlistEntryColumns } from './waitlist-entry.columns';
import type { WaitlistSpec } from './waitlist.spec';

/** The owner row's places, as locked or moved (every path that moves places locks this row first). */
export interface WaitlistOwner {
  id: number;
  status: string;
  /** Published and open (WaitlistSpec.owner.open): offers are made, joins confirmed. */
  open: boolean;
  capacity: number | null;
  taken: number;
  held: number;
  waiting: number;
  version: string;
}

/** Someone a message of the line goes to: an entry, or the registration an address already holds. */
export interface Addressee {
  id: number;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  email: string;
}

/**
 * The SQL of one area's waitlist, written from its spec (the engine holds the rules). Statements that take a manager run
 * in the caller's transaction; the caller locks the owner row before any entry row.
 */
export class WaitlistRepository<E extends WaitlistEntryColumns> {
  constructor(
    private readonly ds: DataSource,
    private readonly spec: WaitlistSpec<E>,
  ) {}

  private entries(manager?: EntityManager): Repository<E> {
    return (manager ?? this.ds.manager).getRepository(this.spec.entity);
  }

  private ownerColumns(): string {
    const o = this.spec.owner;
    return `o.id, o.status, (o.status = 'published' AND (${o.open})) AS open, o.${o.capacity} AS capacity, o.${o.taken} AS taken,
            o.held_places AS held, o.waitlist_count AS waiting, o.version::text AS version`;
  }

  // ——— The owner ———

  /** Locks the owner row and reads its places. */
  async lockOwner(manager: EntityManager, by: 'id' | 'slug', key: number | string): Promise<WaitlistOwner | null> {
    const rows: WaitlistOwner[] = await manager.query(
      `SELECT ${this.ownerColumns()} FROM ${this.spec.owner.table} o WHERE o.${by} = $1 FOR UPDATE`,
      [key],
    );
    return rows[0] ?? null;
  }

  /** Moves the owner's counts by the given amounts in one statement (the capacity CHECK guards the result). */
  async moveCounts(
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

  /** The owner of an entry (read before locking the owner row, then the entry), and its status; null when none. */
  async ownerOf(entryId: number): Promise<{ id: number; status: string } | null> {
    const [row]: Array<{ id: number; status: string }> = await this.ds.query(
      `SELECT o.id, o.status FROM ${this.spec.table} w JOIN ${this.spec.owner.table} o ON o.id = w.${this.spec.ownerColumn} WHERE w.id = $1`,
      [entryId],
    );
    return row ?? null;
  }

  /** The registration holding a place that an address has here, as a message to it names it; null when none. */
  async registrationOf(manager: EntityManager, ownerId: number, email: string): Promise<Addressee | null> {
    const r = this.spec.registrations;
    const [row]: Addressee[] = await manager.query(
      `SELECT r.id, r.nombre, r.apellido_paterno, r.apellido_materno, r.${r.emailColumn} AS email FROM ${r.table} r
        WHERE r.${this.spec.ownerColumn} = $1 AND lower(btrim(r.${r.emailColumn})) = lower(btrim($2)) AND (${r.holding}) LIMIT 1`,
      [ownerId, email],
    );
    return row ?? null;
  }

  // ——— Entries ———

  find(id: number, manager: EntityManager = this.ds.manager): Promise<E | null> {
    return this.entries(manager).createQueryBuilder('w').where('w.id = :id', { id }).getOne();
  }

  lockEntry(manager: EntityManager, id: number, ownerId: number): Promise<E | null> {
    return this.entries(manager)
      .createQueryBuilder('w')
      .where(`w.id = :id AND w.${this.spec.ownerColumn} = :ownerId`, { id, ownerId })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** The active entries (waiting or offered), in line order: by confirmation, then id. */
  listActive(ownerId: number): Promise<E[]> {
    return this.entries()
      .createQueryBuilder('w')
      .where(`w.${this.spec.ownerColumn} = :ownerId AND w.status IN (:...active)`, { ownerId, active: ACTIVE_WAITLIST_STATUSES })
      .orderBy('w.confirmedAt', 'ASC')
      .addOrderBy('w.id', 'ASC')
      .getMany();
  }

  /** The first waiting in line, locked. */
  firstWaitingForUpdate(manager: EntityManager, ownerId: number): Promise<E | null> {
    return this.entries(manager)
      .createQueryBuilder('w')
      .where(`w.${this.spec.ownerColumn} = :ownerId AND w.status = 'waiting'`, { ownerId })
      .orderBy('w.confirmedAt', 'ASC')
      .addOrderBy('w.id', 'ASC')
      .limit(1)
      .setLock('pessimistic_write')
      .getOne();
  }

  /**
   * A pending entry (confirmable until now + confirmSeconds, never past the owner's deadline) unless the address already
   * has one pending, waiting or offered (the partial unique index decides, also between parallel joins). A lapsed pending
   * one of the same address (the sweep may not have run yet) gives way first. The privacy notice accepted (the version,
   * or null: the current one) is recorded on the entry. `person`: the entry's own columns.
   */
  async insertPending(
    manager: EntityManager,
    ownerId: number,
    person: Record<string, unknown>,
    email: string,
    confirmSeconds: number,
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
      [ownerId, JSON.stringify(person), confirmSeconds, avisoVersion],
    );
    return row ? this.find(row.id, manager) : null;
  }

  /** The entry's address is confirmed: it takes its place in line now. */
  markConfirmed(manager: EntityManager, id: number): Promise<E> {
    return this.update(manager, id, `status = 'waiting', confirmed_at = now()`);
  }

  /** Offers the entry a place held until now + holdSeconds, never past the owner's deadline (its offer's number grows). */
  markOffered(manager: EntityManager, id: number, ownerId: number, holdSeconds: number): Promise<E> {
    const o = this.spec.owner;
    return this.update(
      manager,
      id,
      `status = 'offered', offer_count = offer_count + 1,
       offered_until = least(now() + make_interval(secs => $2), (SELECT ${o.deadline} FROM ${o.table} o WHERE o.id = $3))`,
      [holdSeconds, ownerId],
    );
  }

  /** Leaves the offer (or the line): accepted (with its registration), expired or removed. */
  close(manager: EntityManager, id: number, status: 'accepted' | 'expired' | 'removed', registrationId: number | null = null): Promise<E> {
    return this.update(manager, id, `status = $2, registration_id = coalesce($3, registration_id), offered_until = NULL`, [
      status,
      registrationId,
    ]);
  }

  /** One statement on an (already locked) entry: `set` over its columns ($1 is its id), then the entry as it is now. */
  private async update(manager: EntityManager, id: number, set: string, params: unknown[] = []): Promise<E> {
    await manager.query(`UPDATE ${this.spec.table} SET ${set}, updated_at = now() WHERE id = $1`, [id, ...params]);
    return (await this.find(id, manager))!;
  }

  // ——— Expiry ———

  /** When an offer ends (null when it is no longer offered with that number). */
  async offerEnd(entryId: number, offer: number): Promise<Date | null> {
    const [row]: Array<{ offered_until: Date }> = await this.ds.query(
      `SELECT offered_until FROM ${this.spec.table} WHERE id = $1 AND status = 'offered' AND offer_count = $2`,
      [entryId, offer],
    );
    return row?.offered_until ?? null;
  }

  /** Offers past their time (all, or only this entry's). */
  private static readonly DUE = `status = 'offered' AND offered_until <= now() AND ($1::integer IS NULL OR id = $1)`;

  /** The owners with offers past their time, in order. */
  async ownersWithDueOffers(entryId: number | null): Promise<number[]> {
    const rows: Array<{ owner_id: number }> = await this.ds.query(
      `SELECT DISTINCT ${this.spec.ownerColumn} AS owner_id FROM ${this.spec.table} WHERE ${WaitlistRepository.DUE} ORDER BY 1`,
      [entryId],
    );
    return rows.map((r) => r.owner_id);
  }

  /** An owner's offers past their time, locked (the owner row is locked by the caller). */
  dueOffersForUpdate(manager: EntityManager, ownerId: number, entryId: number | null): Promise<Array<{ id: number }>> {
    return manager.query(
      `SELECT id FROM ${this.spec.table} WHERE ${this.spec.ownerColumn} = $2 AND ${WaitlistRepository.DUE} ORDER BY id FOR UPDATE`,
      [entryId, ownerId],
    );
  }

  /** Pending entries past their time expire (they held nothing: no count moves). How many. */
  async expireUnconfirmed(): Promise<number> {
    const [, n]: [unknown, number] = await this.ds.query(
      `UPDATE ${this.spec.table} SET status = 'expired', updated_at = now() WHERE status = 'pending' AND confirm_until <= now()`,
    );
    return n;
  }
}
