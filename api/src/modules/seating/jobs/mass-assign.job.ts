import { Injectable } from '@nestjs/common';
import { ProgressJob } from '@core/jobs/job-base';
import type { JobPayloads } from '@shared/jobs/jobs';
import { ROOMS } from '@shared/events/socket-events';
import { packPlaced } from '@shared/rules/seating-delta';
import { SeatingRepository, toAssignment, type MassRow } from '../seating.repository';
import { toMassResponse } from '../seating.service';

/** People placed per transaction (one pushed delta each). */
export const MASS_ASSIGN_BATCH = 2000;
/** Passes of one batch's statement: a pass only misses people whose seat was taken meanwhile by a single assignment. */
const MAX_PASSES = 5;
/** failure_reasons lists at most this many people (failed_count is always exact). */
const FAILURE_REASONS_LIMIT = 500;

/**
 * seating.mass-assign: places the chosen people in the section, set-based — a batch is one INSERT … SELECT
 * (free seats in seating order, ON CONFLICT DO NOTHING), committed with
 * its domain event (a delta at the next seating version, its assignments packed: packPlaced). Idempotent if retried after a crash: committed
 * batches stay (their rows name this mass assignment), people already seated are skipped, and the final
 * counts are read from the assignments themselves, so they are exact. Safe with single assignments made
 * meanwhile: the UNIQUE constraints decide, a seat taken is left for the next pass.
 */
@Injectable()
export class MassAssignJob extends ProgressJob<'seating.mass-assign'> {
  constructor(private readonly repo: SeatingRepository) {
    super('seating.mass-assign');
  }

  async handle({ massAssignmentId }: JobPayloads['seating.mass-assign']): Promise<void> {
    const mass = await this.repo.findMass(massAssignmentId);
    if (!mass) throw new Error(`Mass assignment ${massAssignmentId} not found`);
    if (mass.status === 'completed' || mass.status === 'failed') return;
    const actor = { userId: mass.created_by, ip: null };
    const eventId = mass.evento_interno_id;
    await this.repo.setMassProgress(this.ds.manager, mass.id, 'processing', 0);
    this.push({ ...mass, status: 'processing', processed: 0 });

    const order = await this.repo.placingOrder(this.ds.manager, mass.persona_ids);
    for (let i = 0; i < order.length; i += MASS_ASSIGN_BATCH) {
      const slice = order.slice(i, i + MASS_ASSIGN_BATCH);
      const processed = Math.min(order.length, i + MASS_ASSIGN_BATCH);
      const exhausted = await this.ds.transaction(async (manager) => {
        await this.repo.lockBatch(manager, mass.id, eventId, slice);
        const ids: number[] = [];
        let sectionFull = false;
        // The event's assignments grow by thousands within seconds, faster than autovacuum's statistics: with
        // stale estimates the planner paired every free seat with every assignment (a nested loop over a
        // materialised scan, quadratic). The batch statement's joins are hash joins (each side bounded by this
        // event or this section); the setting is back on for the rest of the transaction.
        await manager.query(`SET LOCAL enable_nestloop = off`);
        for (let pass = 0; pass < MAX_PASSES && !sectionFull; pass++) {
          const got = await this.repo.placeBatch(manager, {
            eventId,
            seccionId: mass.seccion_id,
            personaIds: slice,
            massId: mass.id,
            createdBy: mass.created_by,
          });
          ids.push(...got.ids);
          sectionFull = got.exhausted;
          // Everyone of the batch seated, or nobody more could be: no further pass.
          if (got.ids.length === 0 || ids.length === slice.length) break;
        }
        await manager.query(`SET LOCAL enable_nestloop = on`);
        if (ids.length > 0) {
          const assigned = (await this.repo.assignmentsByIds(manager, ids)).map(toAssignment);
          const version = await this.repo.bumpVersion(manager, eventId);
          await this.outbox.insert(manager, actor, [
            {
              type: 'seating.mass-assigned',
              resourceId: eventId,
              payload: {
                event_id: eventId,
                version,
                assigned: [],
                released: [],
                mass_assignment_id: mass.id,
                placed: packPlaced(assigned),
              },
            },
          ]);
        }
        await this.repo.setMassProgress(manager, mass.id, 'processing', processed);
        return sectionFull;
      });
      this.push({ ...mass, status: 'processing', processed });
      if (exhausted) break; // the section has no free seat left: the rest are counted as failed below
    }

    const done = await this.ds.transaction(async (manager) => {
      const locked = await this.repo.lockMass(manager, mass.id);
      if (!locked || locked.status === 'completed') return null; // a duplicate run finished first
      const row = await this.repo.completeMass(manager, locked, FAILURE_REASONS_LIMIT);
      await this.outbox.insert(manager, actor, [
        { type: 'seating.mass-assign-finished', resourceId: eventId, payload: { event_id: eventId, mass: toMassResponse(row) } },
      ]);
      return row;
    });
    if (done) {
      this.push(done);
      this.logger.log(`Mass assignment ${mass.id}: ${done.assigned_count} assigned, ${done.failed_count} failed`);
    }
  }

  /** Every retry failed (the database down for longer than the retries): the mass assignment ends as failed. */
  async gaveUp({ massAssignmentId }: JobPayloads['seating.mass-assign']): Promise<void> {
    const row = await this.repo.failMass(massAssignmentId, 'Error al asignar personas masivamente');
    if (row) this.push(row);
  }

  /** Progress straight to the screens (the result also travels as a domain event, through the outbox). */
  private push(row: MassRow): void {
    const eventId = row.evento_interno_id;
    this.pushProgress(
      [ROOMS.internalEventSeating(eventId), ROOMS.internalEvent(eventId)],
      'seating.mass-progress',
      `mass:${row.id}:${row.status}:${row.processed}`,
      {
        event_id: eventId,
        mass: toMassResponse(row),
      },
    );
  }
}
