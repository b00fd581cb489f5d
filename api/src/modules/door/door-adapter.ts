import { Registry } from '@core/registry';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Transaction } from '@core/outbox/unit-of-work';
import type { DoorEventSummary, DoorKind, DoorPerson, DoorSectionCounts } from '@shared/contracts/door.contract';
import type { EventActor } from '@shared/events/domain-events';

/** An event as the door needs it: its limit, and its title and start for the occupancy board's heading. */
export interface DoorEvent extends DoorEventSummary {
  aforo_maximo: number | null;
}

/** Whose code it is: a registration (externo) or an invited persona (interno). */
export interface DoorHolder extends DoorPerson {
  /** False: the code is known but may not enter (a cancelled registration). */
  admissible: boolean;
}

/**
 * What the one door engine asks of an event's area: the only part that differs between the kinds. Each area
 * writes its adapter beside its own rules (`external-events/door.adapter.ts`, `internal-events/door.adapter.ts`)
 * and registers it in DoorAdapters when its module starts; the door never reads an area's tables.
 */
export interface DoorAdapter {
  /** The event, with its venue limit (aforo máximo) and what the occupancy board names it by; null: no such event. */
  event(id: number, manager?: EntityManager): Promise<DoorEvent | null>;
  /** A normalized code (doorCode) of this kind's format; otherwise the answer is `formatMessage` (422). */
  isCode(code: string): boolean;
  formatMessage: string;
  /** The 404 of an unknown code. */
  notFoundMessage: string;
  holder(eventId: number, code: string, manager?: EntityManager): Promise<DoorHolder | null>;
  /**
   * Kinds whose holders can change identity (people merged into one): locks the area's rows that make these codes
   * someone's, in one order, first thing in a scan's transaction — a merge locks the same rows before it touches the
   * door's — and answers whose each code is now (absent: nobody's any more).
   */
  lockHolders?(manager: EntityManager, eventId: number, codes: string[]): Promise<Map<string, number>>;
  /**
   * An admission: the area's attendance confirmation and its domain event, in the door's transaction (a re-entry
   * finds it done and changes nothing). `strict`: an online scan, which may refuse with the area's own error.
   * Answers the kind's own fields of the answer (kept for today's clients).
   */
  admit(
    tx: Transaction,
    eventId: number,
    holderId: number,
    actor: EventActor,
    options: { strict: boolean; seccionId?: number },
  ): Promise<Record<string, unknown>>;
  /** The kind's own fields for a known code that was not admitted now. */
  extras(eventId: number, holderId: number, manager?: EntityManager): Promise<Record<string, unknown>>;
  /** Every code that may enter, with whose it is (for the offline list; the door hashes the codes). */
  validCodes(eventId: number): Promise<Array<{ code: string; holder_id: number }>>;
  people(eventId: number, holderIds: number[]): Promise<Map<number, DoorPerson>>;
  /** People inside per section of the event's space (kinds with seating). */
  sections?(eventId: number, insideHolderIds: number[]): Promise<DoorSectionCounts[] | undefined>;
}

/** The adapters, by kind: each area registers its own at start; the door engine asks here. */
@Injectable()
export class DoorAdapters extends Registry<DoorKind, DoorAdapter> {
  constructor() {
    super('Door adapter');
  }

  override get(kind: DoorKind): DoorAdapter {
    const adapter = super.get(kind);
    if (!adapter) throw new Error(`No door adapter for ${kind}`);
    return adapter;
  }
}
