import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queueManySql } from '../mail/mail-outbox';
import { reminderStartKeySql } from '../mail/reminders';

/** Registration statuses that hold a place before the event: the people a reminder goes to. */
export const REMINDED_REGISTRATION_STATUSES = ['registered'] as const;

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The external events' reminders: their one statement. */
@Injectable()
export class ExternalRemindersRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Every registration holding a place in a published event that starts within the lead time (and has not
   * started) gets its reminder queued in ONE statement (one NOTIFY for all: `queueManySql`); the idempotency key
   * `recordatorio:evento-externo:<registration id>:<start>` makes it once per start however often this runs, also when two
   * workers run it at the same time (the unique key decides). Answers how many were queued now.
   */
  async queueReminders(leadMs: number): Promise<number> {
    const [{ n }] = await this.ds.query(
      queueManySql(`SELECT
                'recordatorio:evento-externo:' || r.id || ':' || ${reminderStartKeySql('e.event_date')} AS key,
                'registro.recordatorio' AS template,
                btrim(r.email) AS to_email,
                concat_ws(' ', NULLIF(r.nombre, ''), NULLIF(r.apellido_paterno, ''), NULLIF(r.apellido_materno, '')) AS to_name,
                jsonb_build_object(
                  'registro_id', r.id, 'evento_id', e.id, 'slug', e.slug, 'nombre', r.nombre, 'codigo', r.codigo,
                  'evento', jsonb_build_object('titulo', e.title, 'inicio', ${iso('e.event_date')}, 'fin', ${iso('e.end_date')},
                                               'lugar', NULLIF(btrim(e.location), ''))) AS data,
                'evento-externo' AS ref_type, e.id AS ref_id
         FROM external_events e
         JOIN external_registrations r ON r.event_id = e.id AND r.status = ANY($2::text[])
        WHERE e.status = 'published' AND e.event_date > now() AND e.event_date <= now() + $1 * interval '1 millisecond'`),
      [leadMs, REMINDED_REGISTRATION_STATUSES],
    );
    return n;
  }
}
