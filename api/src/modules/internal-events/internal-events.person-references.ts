import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Transaction } from '@core/outbox/unit-of-work';
import {
  personColumn,
  personReference,
  type PersonReferences,
  type PersonReferencesMoved,
  type PersonSnapshot,
} from '@core/privacy/person-references';
import { DoorHolders, doorHolderTables } from '../door/door-holders';
import { SEAT_PERSON_TABLES } from '../seating/seating.person-references';
import { SeatingService } from '../seating/seating.service';
import { InternalEventsRepository } from './internal-events.repository';

const byNumber = (a: number, b: number) => a - b;

/** This area's name among the people references (the key of its changes in a merge's event). */
export const INTERNAL_EVENTS_AREA = 'internal-events';

/**
 * Internal events' references to people, for the people database's merge (docs/decisions/personas.md «Fusionar
 * personas»): invitations, the seats hanging off them, and the door's rows of their holders. One invitation per event
 * is kept (attended > seated > confirmed > the survivor's); the rest become the survivor's. One presence at the door
 * per event, and its count of people inside kept right (DoorHolders).
 */
@Injectable()
export class InternalEventsPersonReferences implements PersonReferences {
  readonly area = INTERNAL_EVENTS_AREA;
  readonly order = 1;
  readonly tables = [
    personReference('evento_asistentes', personColumn('persona_id'), { foreignKey: true }),
    ...SEAT_PERSON_TABLES,
    ...doorHolderTables('interno'),
  ];

  constructor(
    private readonly repo: InternalEventsRepository,
    private readonly seating: SeatingService,
    private readonly door: DoorHolders,
  ) {}

  /** The invitations first, as a scan at the door takes them (DoorAdapter.lockHolders), then nothing waits in between. */
  async lock(manager: EntityManager, people: number[]): Promise<void> {
    await this.repo.lockInvitationsOf(manager, people);
  }

  async move(tx: Transaction, survivor: number, merged: number[]): Promise<PersonReferencesMoved> {
    const { manager } = tx;
    const people = [survivor, ...merged];
    const released = await this.repo.releaseDuplicateInvitations(manager, people, await this.seating.seatedPeople(manager, people));
    const moved = await this.repo.moveInvitations(manager, survivor, merged);
    await this.door.merge(tx, 'interno', survivor, merged);
    return {
      counts: {
        invitaciones: moved.length,
        invitaciones_liberadas: released.length,
        asientos: await this.seating.countSeatsOf(manager, survivor, moved),
      },
      changed: [...new Set([...released.map((r) => r.evento_interno_id), ...moved])].sort(byNumber),
    };
  }

  async restored(tx: Transaction, snapshot: PersonSnapshot): Promise<number[]> {
    await this.door.restored(tx, 'interno', snapshot);
    return [...new Set((snapshot.evento_asistentes ?? []).map((a) => Number(a.evento_interno_id)))].sort(byNumber);
  }
}
