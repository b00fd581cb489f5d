import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { ACTIVE_WAITLIST_STATUSES, type WaitlistStatus } from '@shared/contracts/waitlist.contract';
import type { ProgramaStatus, ProgramaTipo } from '@shared/contracts/programs.contract';
import type { AnonymizedRows } from '@core/privacy/personal-data-registry';
import { PersonalTable } from '@core/privacy/personal-table';
import { ProgramWaitlistEntryEntity } from './program-waitlist-entry.entity';
import { PROGRAM_WAITLIST_PERSONAL_DATA, PROGRAM_ENDED_BEFORE_SQL } from './programs.personal-data';
import type { NewProgramRegistration } from './programs.repository';

/** An accept page's program and person, read without any lock. */
export interface ProgramOfferLinkRow {
  nombre: string;
  status: WaitlistStatus;
  offered_until: Date | null;
  programa_nombre: string;
  slug: string;
  tipo: ProgramaTipo;
  fecha_inicio: Date | null;
  fecha_fin: Date | null;
  ubicacion: string | null;
  programa_status: ProgramaStatus;
}

/** A confirm page's program and person: the entry's state and until when it may be confirmed. */
export interface ProgramConfirmLinkRow extends ProgramOfferLinkRow {
  confirm_until: Date | null;
  confirmed_at: Date | null;
}

/**
 * The SQL of a program's waitlist. The callers (ProgramWaitlistService, in one transaction each) lock the program row
 * first (ProgramsRepository.lockCounts), so the line and the counts change together; the entry rows are locked after.
 */
@Injectable()
export class ProgramWaitlistRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private entries(manager?: EntityManager) {
    return (manager ?? this.ds.manager).getRepository(ProgramWaitlistEntryEntity);
  }

  /** The active entries (waiting or offered) of a program, in line order (by confirmation; pending ones are not in line). */
  listActive(programaId: number): Promise<ProgramWaitlistEntryEntity[]> {
    return this.entries().find({
      where: { programaId, status: In([...ACTIVE_WAITLIST_STATUSES]) },
      order: { confirmedAt: 'ASC', id: 'ASC' },
    });
  }

  /**
   * A pending entry (confirmable until now + confirmSeconds) unless the e-mail already has one pending, waiting or
   * offered (partial unique index programa_lista_espera_email_key decides). A lapsed pending one of the same address
   * (the sweep may not have run yet) gives way first.
   */
  async insert(
    manager: EntityManager,
    programaId: number,
    r: NewProgramRegistration,
    confirmSeconds: number,
    avisoVersion: number | null,
  ): Promise<ProgramWaitlistEntryEntity | null> {
    await manager.query(
      `UPDATE programa_lista_espera SET status = 'expired', updated_at = now()
        WHERE programa_id = $1 AND status = 'pending' AND confirm_until <= now() AND lower(btrim(correo_electronico)) = lower(btrim($2))`,
      [programaId, r.correoElectronico],
    );
    const [row]: Array<{ id: number }> = await manager.query(
      `INSERT INTO programa_lista_espera (programa_id, nombre, apellido_paterno, apellido_materno, correo_electronico, celular, solicitud,
                                          status, confirm_until, aviso_version, aviso_aceptado_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, 'pending', now() + make_interval(secs => $8),
               coalesce($9::integer, aviso_privacidad_vigente()), now())
       ON CONFLICT (programa_id, lower(btrim(correo_electronico))) WHERE status IN ('pending', 'waiting', 'offered') DO NOTHING
       RETURNING id`,
      [
        programaId,
        r.nombre,
        r.apellidoPaterno,
        r.apellidoMaterno,
        r.correoElectronico,
        r.celular,
        JSON.stringify(r),
        confirmSeconds,
        avisoVersion,
      ],
    );
    return row ? this.entries(manager).findOneByOrFail({ id: row.id }) : null;
  }

  /** The entry's address is confirmed: it takes its place in line now (the row is locked by the caller). */
  async markConfirmed(manager: EntityManager, id: number): Promise<ProgramWaitlistEntryEntity> {
    await manager.query(`UPDATE programa_lista_espera SET status = 'waiting', confirmed_at = now(), updated_at = now() WHERE id = $1`, [
      id,
    ]);
    return this.entries(manager).findOneByOrFail({ id });
  }

  /** Pending entries past their time expire (they held nothing: no count moves). How many. */
  async expireUnconfirmed(): Promise<number> {
    const [, n]: [unknown, number] = await this.ds.query(
      `UPDATE programa_lista_espera SET status = 'expired', updated_at = now() WHERE status = 'pending' AND confirm_until <= now()`,
    );
    return n;
  }

  /** The first waiting in line (by confirmation), locked (the program row is already locked by the caller). */
  firstWaitingForUpdate(manager: EntityManager, programaId: number): Promise<ProgramWaitlistEntryEntity | null> {
    return this.entries(manager)
      .createQueryBuilder('w')
      .where(`w.programa_id = :programaId AND w.status = 'waiting'`, { programaId })
      .orderBy('w.confirmedAt', 'ASC')
      .addOrderBy('w.id', 'ASC')
      .limit(1)
      .setLock('pessimistic_write')
      .getOne();
  }

  findForUpdate(manager: EntityManager, id: number): Promise<ProgramWaitlistEntryEntity | null> {
    return this.entries(manager).createQueryBuilder('w').where('w.id = :id', { id }).setLock('pessimistic_write').getOne();
  }

  /** The program an entry belongs to (read before locking the program row, then the entry). */
  async programOf(id: number): Promise<number | null> {
    const [row]: Array<{ programa_id: number }> = await this.ds.query(`SELECT programa_id FROM programa_lista_espera WHERE id = $1`, [id]);
    return row?.programa_id ?? null;
  }

  /** Offers the entry a place held until now + holdSeconds (its offer's number grows). */
  async markOffered(manager: EntityManager, id: number, holdSeconds: number): Promise<ProgramWaitlistEntryEntity> {
    await manager.query(
      `UPDATE programa_lista_espera SET status = 'offered', offer_count = offer_count + 1, updated_at = now(),
              offered_until = now() + make_interval(secs => $2)
        WHERE id = $1`,
      [id, holdSeconds],
    );
    return this.entries(manager).findOneByOrFail({ id });
  }

  /** Leaves the offer (or the line): accepted (with its registration), expired or removed. */
  async close(
    manager: EntityManager,
    id: number,
    status: Exclude<WaitlistStatus, 'waiting' | 'offered'>,
    registrationId: number | null = null,
  ): Promise<ProgramWaitlistEntryEntity> {
    await manager.query(
      `UPDATE programa_lista_espera SET status = $2, registration_id = coalesce($3, registration_id), offered_until = NULL, updated_at = now()
        WHERE id = $1`,
      [id, status, registrationId],
    );
    return this.entries(manager).findOneByOrFail({ id });
  }

  /** Programs with offers past their time (all, or only this entry's), oldest first. */
  async programsWithDueOffers(entryId: number | null, force: boolean): Promise<number[]> {
    const rows: Array<{ programa_id: number }> = await this.ds.query(
      `SELECT DISTINCT programa_id FROM programa_lista_espera
        WHERE status = 'offered' AND ($2 OR offered_until <= now()) AND ($1::integer IS NULL OR id = $1)
        ORDER BY programa_id`,
      [entryId, force],
    );
    return rows.map((r) => r.programa_id);
  }

  /** A program's offers past their time (or only this entry's), locked. */
  dueOffersForUpdate(
    manager: EntityManager,
    programaId: number,
    entryId: number | null,
    force: boolean,
  ): Promise<ProgramWaitlistEntryEntity[]> {
    const q = this.entries(manager)
      .createQueryBuilder('w')
      .where(`w.programa_id = :programaId AND w.status = 'offered'`, { programaId })
      .orderBy('w.id', 'ASC')
      .setLock('pessimistic_write');
    if (!force) q.andWhere('w.offered_until <= now()');
    if (entryId !== null) q.andWhere('w.id = :entryId', { entryId });
    return q.getMany();
  }

  /** When an offer ends (null when it is no longer offered with that number). */
  async offerEnd(entryId: number, offer: number): Promise<Date | null> {
    const [r]: Array<{ offered_until: Date }> = await this.ds.query(
      `SELECT offered_until FROM programa_lista_espera WHERE id = $1 AND status = 'offered' AND offer_count = $2`,
      [entryId, offer],
    );
    return r?.offered_until ?? null;
  }

  findConfirmLink(entryId: number): Promise<ProgramConfirmLinkRow | undefined> {
    return this.ds
      .query(
        `SELECT w.nombre, w.status, w.offered_until, w.confirm_until, w.confirmed_at, p.nombre AS programa_nombre, p.slug, p.tipo,
                p.fecha_inicio, p.fecha_fin, p.ubicacion, p.status AS programa_status
           FROM programa_lista_espera w JOIN programas p ON p.id = w.programa_id WHERE w.id = $1`,
        [entryId],
      )
      .then((rows: ProgramConfirmLinkRow[]) => rows[0]);
  }

  findOfferLink(entryId: number): Promise<ProgramOfferLinkRow | undefined> {
    return this.ds
      .query(
        `SELECT w.nombre, w.status, w.offered_until, p.nombre AS programa_nombre, p.slug, p.tipo, p.fecha_inicio, p.fecha_fin,
                p.ubicacion, p.status AS programa_status
           FROM programa_lista_espera w JOIN programas p ON p.id = w.programa_id WHERE w.id = $1`,
        [entryId],
      )
      .then((rows: ProgramOfferLinkRow[]) => rows[0]);
  }

  // ——— Retention (issue 29 §2): the entries of programs that ended before the cutoff ———

  countEndedBefore(cutoff: Date): Promise<number> {
    return new PersonalTable(this.ds, PROGRAM_WAITLIST_PERSONAL_DATA).countWhere(PROGRAM_ENDED_BEFORE_SQL, [cutoff]);
  }

  /** Anonymised as PROGRAM_WAITLIST_PERSONAL_DATA says (the same rule as an ARCO cancellation), once each; statuses and counts stay. */
  anonymizeEndedBefore(manager: EntityManager, cutoff: Date): Promise<AnonymizedRows> {
    return new PersonalTable(this.ds, PROGRAM_WAITLIST_PERSONAL_DATA).anonymizeWhere(manager, PROGRAM_ENDED_BEFORE_SQL, [cutoff]);
  }
}
