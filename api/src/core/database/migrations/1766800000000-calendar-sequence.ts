import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createSqlFunctions } from '../sql-functions';

/**
 * The public calendar (.ics, docs/decisions/eventos-externos.md «Calendario público (.ics)»): each external event's
 * SEQUENCE, one more whenever what a calendar shows changes (title, description, dates, place, status), whatever path
 * writes it. A row trigger whose WHEN compares those columns, so the updates that move counts (every registration
 * batch) or the featured flag never call its function (modules/external-events/external-events.sql.ts).
 */
export class CalendarSequence1766800000000 implements MigrationInterface {
  name = 'CalendarSequence1766800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE external_events ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0`);
    await createSqlFunctions(q, ['external_event_calendar_revision']);
    await q.query(`
      CREATE TRIGGER external_events_calendar_revision BEFORE UPDATE ON external_events FOR EACH ROW
        WHEN ((OLD.title, OLD.description, OLD.event_date, OLD.end_date, OLD.location, OLD.status)
              IS DISTINCT FROM (NEW.title, NEW.description, NEW.event_date, NEW.end_date, NEW.location, NEW.status))
        EXECUTE FUNCTION external_event_calendar_revision()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER external_events_calendar_revision ON external_events`);
    await q.query(`DROP FUNCTION external_event_calendar_revision()`);
    await q.query(`ALTER TABLE external_events DROP COLUMN calendar_sequence`);
  }
}
