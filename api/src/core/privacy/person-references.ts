import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Transaction } from '@core/outbox/unit-of-work';
import type { MergeMoved } from '@shared/contracts/personas.contract';
import { Registry } from '@core/registry';

/**
 * A table that names a person of the people database (`personas.id`): how to find the rows of a set of people (`$1`,
 * an int[] of ids) and how a merge's undo treats them. Declared by the area that owns the table, in its own folder.
 */
export interface PersonReferenceTable {
  table: string;
  /** SQL on alias `t`, `$1` the people's ids. */
  where: string;
  /** Written back parents first (0: `personas` itself, 1: a row that names a person, 2: a row hanging off a level-1 row). */
  level: 0 | 1 | 2;
  /** Part of the undo's fingerprint: a change to these rows after the merge makes the undo refuse. */
  fingerprint: boolean;
  /** Has a foreign key to `personas` (test/personas/merge.int-spec.ts compares with information_schema). */
  foreignKey?: boolean;
  /** The undo only puts `resource_id` back on these rows (by id): entries written after the merge stay. */
  auditOnly?: boolean;
  /** Derived rows: not kept in the snapshot; the undo deletes them and the owner writes them again. */
  derived?: boolean;
}

/** A table's declaration: a row that names a person (level 1) and counts in the undo's fingerprint, unless `flags` say otherwise. */
export const personReference = (table: string, where: string, flags: Partial<PersonReferenceTable> = {}): PersonReferenceTable => ({
  table,
  where,
  level: 1,
  fingerprint: true,
  ...flags,
});

/** `where` for a column holding one of the people's ids. */
export const personColumn = (column: string) => `t.${column} = ANY($1::int[])`;

/**
 * What one area's move did: counts for the merge's `movidos`, and the ids of the area's own records whose rows
 * changed (the merge's event carries them under the area's name; the area's push routes tell its rooms).
 */
export interface PersonReferencesMoved {
  counts: Partial<MergeMoved>;
  changed?: number[];
}

/** The rows of every table, as they were before a merge: table → rows (to_jsonb of each row). */
export type PersonSnapshot = Record<string, Array<Record<string, unknown>>>;

/**
 * One area's references to people, as the people database's merge reaches them without reading the area's tables
 * (the ARCO registry's shape, personal-data-registry.ts): its tables for the undo's snapshot, and the statements that
 * make the merged people's rows the survivor's, in the caller's transaction.
 */
export interface PersonReferences {
  /** The owning area (one registration each). */
  area: string;
  /** Moves run in this order, lower first (the people database's own last: its pairs see the moved invitations). */
  order: number;
  tables: readonly PersonReferenceTable[];
  /**
   * Locks the area's rows of these people in the order its own writers take them (the door: a scan locks the
   * invitation before the person's door row), before the snapshot or the undo's fingerprint is read: a writer of
   * the area either finished before or waits for the merge.
   */
  lock?(manager: EntityManager, people: number[]): Promise<void>;
  /** Makes the merged people's rows the survivor's, and keeps what the area derives from them in step (a count). */
  move(tx: Transaction, survivor: number, merged: number[]): Promise<PersonReferencesMoved>;
  /**
   * After an undo wrote `snapshot` back, in its transaction: what the area derives from these rows, put back in
   * step (the door's count of people inside). Answers the ids of the area's own records that change again.
   */
  restored?(tx: Transaction, snapshot: PersonSnapshot): Promise<number[]>;
}

@Injectable()
export class PersonReferencesRegistry extends Registry<string, PersonReferences> {
  constructor() {
    super('Person references', (h) => h.area);
  }

  /** Every holder, in move order. */
  override all(): PersonReferences[] {
    return super.all().sort((a, b) => a.order - b.order);
  }

  /** Every table, parents first (level, then move order). */
  tables(): PersonReferenceTable[] {
    return this.all()
      .flatMap((h) => h.tables)
      .sort((a, b) => a.level - b.level);
  }
}
