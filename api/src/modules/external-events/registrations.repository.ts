import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { RegistrationStatus } from '@shared/contracts/external-events.contract';
import type { AnonymizedRows } from '@core/privacy/personal-data-registry';
import { PersonalTable } from '@core/privacy/personal-table';
import { preparedQuery } from '@core/database/prepared';
import { ExternalRegistrationEntity } from '@modules/external-events/external-registration.entity';
import { registrantFields, type NewRegistration } from './public-registration';
import { EXTERNAL_REGISTRATIONS_PERSONAL_DATA, EVENT_ENDED_BEFORE_SQL } from './external-events.personal-data';

export interface BatchRegistration extends NewRegistration {
  actorId: number | null;
  ip: string | null;
  /** The privacy notice version accepted; null: the current one (register_external_batch, external-events.sql.ts). */
  avisoVersion: number | null;
}

export type BatchOutcome =
  { outcome: 'ok'; id: number; status: string } | { outcome: 'duplicate' | 'full' | 'not_found' | 'draft' | 'cancelled' | 'completed' };

@Injectable()
export class RegistrationsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.ds.manager).getRepository(ExternalRegistrationEntity);
  }

  listForEvent(eventId: number): Promise<ExternalRegistrationEntity[]> {
    return this.repo().find({ where: { eventId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  findInEvent(manager: EntityManager, eventId: number, id: number): Promise<ExternalRegistrationEntity | null> {
    return this.repo(manager)
      .createQueryBuilder('r')
      .where('r.id = :id AND r.event_id = :eventId', { id, eventId })
      .setLock('pessimistic_write')
      .getOne();
  }

  /**
   * Decides a batch of public registrations for one event in ONE statement (its own transaction):
   * see `register_external_batch` (external-events.sql.ts). The event-row lock is held only inside
   * PostgreSQL, never across a round trip to the API. One outcome per row, in the rows' order.
   */
  async registerBatch(slug: string, rows: BatchRegistration[]): Promise<BatchOutcome[]> {
    const input = rows.map((r) => ({
      ...registrantFields(r),
      actor_id: r.actorId,
      ip: r.ip,
      aviso_version: r.avisoVersion,
    }));
    // Prepared once per connection: the busiest statement of a burst (docs/decisions/plataforma.md, «Sentencias preparadas donde se repiten»).
    const result = await preparedQuery<{
      ord: number;
      outcome: BatchOutcome['outcome'];
      registration_id: number | null;
      registration_status: string | null;
    }>(
      this.ds,
      'register_external_batch',
      `SELECT ord, outcome, registration_id, registration_status FROM register_external_batch($1, $2::jsonb)`,
      [slug, JSON.stringify(input)],
    );
    const outcomes: BatchOutcome[] = new Array(rows.length);
    for (const row of result) {
      outcomes[row.ord - 1] =
        row.outcome === 'ok' ? { outcome: 'ok', id: row.registration_id!, status: row.registration_status! } : { outcome: row.outcome };
    }
    return outcomes;
  }

  findById(id: number): Promise<ExternalRegistrationEntity | null> {
    return this.repo().findOne({ where: { id } });
  }

  /** The event of a registration (read before locking the event row, then the registration). */
  async eventOf(id: number): Promise<number | null> {
    const [row]: Array<{ event_id: number }> = await this.ds.query(`SELECT event_id FROM external_registrations WHERE id = $1`, [id]);
    return row?.event_id ?? null;
  }

  /**
   * The registration an accepted waitlist offer becomes: the entry's person, a door code drawn under the event row's
   * lock (`external_registration_code`) and the notice its person accepted when joining — unless the address registered
   * meanwhile (external_registrations_event_email_key decides): null.
   */
  async insertFromWaitlist(manager: EntityManager, entryId: number): Promise<ExternalRegistrationEntity | null> {
    const [row]: Array<{ id: number }> = await manager.query(
      `INSERT INTO external_registrations (event_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, phone, email, empresa,
                                           tipo_participante, codigo, aviso_version, aviso_aceptado_at)
       SELECT w.event_id, w.nombre, w.apellido_paterno, w.apellido_materno, w.fecha_nacimiento, w.phone, w.email, w.empresa,
              w.tipo_participante, external_registration_code(w.event_id), w.aviso_version, w.aviso_aceptado_at
         FROM external_waitlist w WHERE w.id = $1
       ON CONFLICT (event_id, lower(btrim(email))) WHERE status <> 'cancelled' DO NOTHING
       RETURNING id`,
      [entryId],
    );
    return row ? this.repo(manager).findOne({ where: { id: row.id } }) : null;
  }

  /** Queues the registration's confirmation (`external_queue_confirmation`: key registro.confirmacion:<id>), in the caller's transaction. */
  async queueConfirmation(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      `SELECT external_queue_confirmation(e, r) FROM external_registrations r JOIN external_events e ON e.id = r.event_id WHERE r.id = $1`,
      [id],
    );
  }

  async releasePlace(manager: EntityManager, eventId: number): Promise<void> {
    await manager.query(
      `UPDATE external_events SET current_attendees = greatest(current_attendees - 1, 0), version = version + 1 WHERE id = $1`,
      [eventId],
    );
  }

  async setStatus(manager: EntityManager, id: number, status: RegistrationStatus): Promise<ExternalRegistrationEntity> {
    await this.repo(manager).update({ id }, { status });
    return (await this.repo(manager).findOne({ where: { id } }))!;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await this.repo(manager).delete({ id });
  }

  // ——— Retention: the registrations of events that ended before the cutoff ———

  countEndedBefore(cutoff: Date): Promise<number> {
    return new PersonalTable(this.ds, EXTERNAL_REGISTRATIONS_PERSONAL_DATA).countWhere(EVENT_ENDED_BEFORE_SQL, [cutoff]);
  }

  /** Anonymised as EXTERNAL_REGISTRATIONS_PERSONAL_DATA says (the same rule as an ARCO cancellation), once each; statuses and counts stay. */
  anonymizeEndedBefore(manager: EntityManager, cutoff: Date): Promise<AnonymizedRows> {
    return new PersonalTable(this.ds, EXTERNAL_REGISTRATIONS_PERSONAL_DATA).anonymizeWhere(manager, EVENT_ENDED_BEFORE_SQL, [cutoff]);
  }

  // ——— The door ———

  /** Whose door code it is in this event (codes are unique per event: external_registrations_event_codigo_key). */
  async findByCode(eventId: number, codigo: string, manager?: EntityManager): Promise<DoorRegistrationRow | null> {
    const rows = await (manager ?? this.ds.manager).query(
      `SELECT id, nombre, apellido_paterno, apellido_materno, status FROM external_registrations WHERE event_id = $1 AND codigo = $2`,
      [eventId, codigo],
    );
    return rows[0] ?? null;
  }

  async byIds(eventId: number, ids: number[]): Promise<DoorRegistrationRow[]> {
    if (ids.length === 0) return [];
    return this.ds.query(
      `SELECT id, nombre, apellido_paterno, apellido_materno, status FROM external_registrations WHERE event_id = $1 AND id = ANY($2::int[])`,
      [eventId, ids],
    );
  }

  /** The codes that may enter: every registration not cancelled. */
  async doorCodes(eventId: number): Promise<Array<{ code: string; holder_id: number }>> {
    return this.ds.query(
      `SELECT codigo AS code, id AS holder_id FROM external_registrations WHERE event_id = $1 AND status <> 'cancelled'`,
      [eventId],
    );
  }

  /**
   * Admitted at the door: registered (or no-show) → attended, in ONE conditional statement; null when it already
   * was (a re-entry) or may not be (cancelled).
   */
  async attend(manager: EntityManager, eventId: number, id: number): Promise<ExternalRegistrationEntity | null> {
    const rows = await manager.query(
      `WITH u AS (
         UPDATE external_registrations SET status = 'attended', updated_at = now()
          WHERE id = $1 AND event_id = $2 AND status IN ('registered', 'no_show') RETURNING id)
       SELECT id FROM u`,
      [id, eventId],
    );
    return rows.length ? await this.repo(manager).findOne({ where: { id } }) : null;
  }
}

export interface DoorRegistrationRow {
  id: number;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  status: RegistrationStatus;
}
