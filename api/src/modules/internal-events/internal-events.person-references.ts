import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
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

/**
 * Internal events' references to people, for the people database's merge (docs/decisions/personas.md «Fusionar
 * personas»): invitations, the seats hanging off them, and the door's rows of their holders. One invitation per event
 * is kept (attended > seated > confirmed > the survivor's); the rest become the survivor's.
 */
@Injectable()
export class InternalEventsPersonReferences implements PersonReferences {
  readonly area = 'internal-events';
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

  async move(manager: EntityManager, survivor: number, merged: number[]): Promise<PersonReferencesMoved> {
    const people = [survivor, ...merged];
    const released = await this.repo.releaseDuplicateInvitations(manager, people, await this.seating.seatedPeople(manager, people));
    const moved = await this.repo.moveInvitations(manager, survivor, merged);
    await this.door.merge(
      manager,
      'interno',
      survivor,
      merged,
      released.map((r) => ({ event_id: r.evento_interno_id, holder_id: r.persona_id })),
    );
    return {
      counts: {
        invitaciones: moved.length,
        invitaciones_liberadas: released.length,
        asientos: await this.seating.countSeatsOf(manager, survivor, moved),
      },
      eventosInternos: [...new Set([...released.map((r) => r.evento_interno_id), ...moved])].sort(byNumber),
    };
  }

  eventosInternos(snapshot: PersonSnapshot): number[] {
    return [...new Set((snapshot.evento_asistentes ?? []).map((a) => Number(a.evento_interno_id)))].sort(byNumber);
  }
}
