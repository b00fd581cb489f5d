import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CitizenJourney1764900000000 } from './1764900000000-citizen-journey';
import { WaitlistConfirm1765300000000 } from './1765300000000-waitlist-confirm';

/** The functions that held the external events' waitlist and cancel-by-link rules, with their arguments. */
const DROPPED = [
  'external_waitlist_join(text, jsonb, integer)',
  'external_waitlist_confirm(integer, integer, integer, text)',
  'external_waitlist_accept(integer, integer, integer, text)',
  'external_waitlist_remove(integer, integer, integer, integer, text)',
  'external_waitlist_expire(integer, integer, boolean)',
  'external_cancel_registration(integer, integer, integer, text)',
  'external_waitlist_offer_next(integer, integer, integer, text)',
  'external_waitlist_json(external_waitlist)',
  'external_record(text, integer, text, text, integer, jsonb)',
];

/** `external_record` as the dropped functions called it (nothing else did): frozen here for `down`. */
const EXTERNAL_RECORD = `
      CREATE OR REPLACE FUNCTION external_record(p_type text, p_actor integer, p_ip text, p_resource_type text, p_resource_id integer, p_payload jsonb)
      RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO domain_events (id, type, actor_id, ip, resource_type, resource_id, payload)
        VALUES (gen_random_uuid(), p_type, p_actor, p_ip, p_resource_type, p_resource_id::text, p_payload);
      END $$`;

/**
 * One waitlist engine for every area (core/waitlist/waitlist-engine.ts, docs/decisions/plataforma.md, «Una lista de espera, un motor»): the
 * external events' waitlist (join, confirm, offers, accept, expiry, removal) and the cancel link moved out of the SQL
 * functions of migrations 1764900000000 and 1765300000000 into TypeScript — the engine, `ExternalWaitlistService` and
 * `RegistrationsService.cancelByLink` — as the programs' waitlist already was. Tables, indexes and CHECKs stay as they
 * are: they still guard capacity and one active entry per address. The functions the public registration still calls
 * (`register_external_batch`, `external_registration_code`, `external_event_mail`, `external_queue_confirmation`…) stay.
 */
export class WaitlistEngine1765800000000 implements MigrationInterface {
  name = 'WaitlistEngine1765800000000';

  async up(q: QueryRunner): Promise<void> {
    for (const fn of DROPPED) await q.query(`DROP FUNCTION IF EXISTS ${fn}`);
  }

  /** The functions as those two migrations left them: their own statements about them replayed, nothing else. */
  async down(q: QueryRunner): Promise<void> {
    const names = DROPPED.map((fn) => fn.slice(0, fn.indexOf('(')));
    const about = new RegExp(`^\\s*(CREATE( OR REPLACE)?|DROP) FUNCTION (${names.join('|')})\\(`);
    const only = { query: (sql: string) => (about.test(sql) ? q.query(sql) : Promise.resolve()) } as QueryRunner;
    await q.query(EXTERNAL_RECORD);
    await new CitizenJourney1764900000000().up(only);
    await new WaitlistConfirm1765300000000().up(only);
  }
}
