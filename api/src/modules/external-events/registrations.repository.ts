import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { RegistrationStatus } from '@core/contracts/external-events.contract';
import { ExternalRegistrationEntity } from '@core/entities';
import { DOMAIN_EVENT_AUDIT } from '@core/events/domain-events';

export interface NewRegistration {
  nombre: string;
  apellidoPaterno: string;
  apellidoMaterno: string;
  fechaNacimiento: string;
  phone: string;
  email: string;
  empresa: string | null;
  tipoParticipante: string;
}

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

  /** Throws the driver's unique violation (23505) when the e-mail already registered in this event. */
  async insert(manager: EntityManager, eventId: number, r: NewRegistration): Promise<ExternalRegistrationEntity> {
    const repo = this.repo(manager);
    return repo.save(repo.create({ ...r, eventId, status: 'registered' }));
  }

  /**
   * The whole public registration as ONE statement (its own transaction): take a place on the event
   * row only while it is published and not full, insert the registration, and write its domain event
   * to the outbox. The hot event-row lock is held only inside PostgreSQL — never across a round trip
   * to the API — so registrations queue for microseconds, not for the API's event loop. Returns null
   * when no place was taken (full or closed); a repeated e-mail raises the unique violation (23505)
   * and nothing is written.
   */
  async registerInOneStatement(
    eventId: number,
    r: NewRegistration,
    outbox: { eventId: string; actorId: number | null; ip: string | null },
  ): Promise<{ id: number; status: string } | null> {
    const rows: Array<{ id: number; status: string }> = await this.ds.query(
      `WITH place AS (
         UPDATE external_events SET current_attendees = current_attendees + 1, version = version + 1
          WHERE id = $1 AND status = 'published' AND current_attendees < max_attendees
          RETURNING id),
       reg AS (
         INSERT INTO external_registrations (event_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, phone, email, empresa, tipo_participante)
         SELECT place.id, $2, $3, $4, $5::date, $6, $7, $8, $9 FROM place
         RETURNING *),
       outbox AS (
         INSERT INTO domain_events (id, type, actor_id, ip, resource_type, resource_id, payload)
         SELECT $10::uuid, 'registration.created', $11::int, $12, $13, reg.id::text,
                jsonb_build_object('event_id', reg.event_id, 'registration', jsonb_build_object(
                  'id', reg.id, 'nombre', reg.nombre, 'apellido_paterno', reg.apellido_paterno, 'apellido_materno', reg.apellido_materno,
                  'fecha_nacimiento', to_char(reg.fecha_nacimiento, 'YYYY-MM-DD'), 'phone', reg.phone, 'email', reg.email, 'curp', reg.curp,
                  'empresa', reg.empresa, 'tipo_participante', reg.tipo_participante, 'status', reg.status,
                  'created_at', to_char(reg.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'updated_at', to_char(reg.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
           FROM reg
         RETURNING id)
       SELECT reg.id, reg.status FROM reg, outbox`,
      [
        eventId,
        r.nombre,
        r.apellidoPaterno,
        r.apellidoMaterno,
        r.fechaNacimiento,
        r.phone,
        r.email,
        r.empresa,
        r.tipoParticipante,
        outbox.eventId,
        outbox.actorId,
        outbox.ip,
        DOMAIN_EVENT_AUDIT['registration.created'].resourceType,
      ],
    );
    return rows[0] ?? null;
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
}
