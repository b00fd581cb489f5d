import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { RegistrationStatus } from '@core/contracts/external-events.contract';
import { ExternalRegistrationEntity } from '@core/entities';

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
   * Takes one place atomically: succeeds only while the event is published and not full. Concurrent
   * callers queue on the row lock and each re-checks the condition, so capacity is never exceeded.
   * Runs last in the transaction to hold the hot row lock as briefly as possible.
   */
  async takePlace(manager: EntityManager, eventId: number): Promise<boolean> {
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE external_events SET current_attendees = current_attendees + 1, version = version + 1
        WHERE id = $1 AND status = 'published' AND current_attendees < max_attendees RETURNING id`,
      [eventId],
    );
    return rows.length === 1;
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
