import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { InvitationJobStatus } from '@shared/contracts/internal-events.contract';
import type { MailEventSnapshot } from '@shared/contracts/mail.contract';
import { queueManySql } from '../mail/mail-outbox';
import { reminderStartKeySql } from '../mail/reminders';

/** One invitation request as stored (envios_invitaciones, baseline migration). */
export interface InvitationSendRow {
  id: string;
  evento_interno_id: number;
  persona_ids: number[];
  status: InvitationJobStatus;
  processed: number;
  queued_count: number;
  skipped_count: number;
  message: string | null;
  created_by: number | null;
  created_at: Date;
  finished_at: Date | null;
}

/** An attendee to invite: what their message shows (a snapshot handed to the mail area). */
export interface InviteeRow {
  persona_id: number;
  nombre: string;
  nombre_completo: string;
  correo_electronico: string;
  confirmation_code: string;
}

/** A person has an e-mail to write to. */
const HAS_EMAIL = `NULLIF(btrim(p.correo_electronico), '') IS NOT NULL`;
const FULL_NAME = `concat_ws(' ', NULLIF(p.nombre, ''), NULLIF(p.apellido_paterno, ''), NULLIF(p.apellido_materno, ''))`;
const SEND_COLUMNS = `id, evento_interno_id, persona_ids, status, processed, queued_count, skipped_count, message, created_by, created_at, finished_at`;
/** An instant as the mail contract writes it (ISO 8601, UTC, like Date.toISOString()). */
export const isoSql = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Every query of internal events' invitations by e-mail and their reminders. */
@Injectable()
export class InvitationsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.ds.manager;
  }

  /** The event as its messages show it, and the slug (or id) of its public page. */
  async eventSnapshot(manager: EntityManager, eventId: number): Promise<{ slug: string; evento: MailEventSnapshot } | null> {
    const rows = await manager.query(
      `SELECT COALESCE(NULLIF(slug, ''), id::text) AS slug, titulo, ${isoSql('fecha_evento')} AS inicio, ${isoSql('fecha_fin')} AS fin,
              NULLIF(btrim(ubicacion), '') AS lugar
         FROM eventos_internos WHERE id = $1`,
      [eventId],
    );
    if (!rows[0]) return null;
    const { slug, titulo, inicio, fin, lugar } = rows[0];
    return { slug, evento: { titulo, inicio, fin, lugar } };
  }

  /** Every pending attendee of the event with an e-mail, in the list's order. */
  async pendingWithEmail(manager: EntityManager, eventId: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await manager.query(
      `SELECT p.id FROM evento_asistentes a JOIN personas p ON p.id = a.persona_id
        WHERE a.evento_interno_id = $1 AND a.confirmacion = 'pendiente' AND ${HAS_EMAIL}
        ORDER BY p.sort_key, p.id`,
      [eventId],
    );
    return rows.map((r) => r.id);
  }

  /** Of these people, which are attendees of the event and which of those have an e-mail. */
  async attendeesAmong(manager: EntityManager, eventId: number, personaIds: number[]): Promise<{ attendees: number; withEmail: number }> {
    const [row] = await manager.query(
      `SELECT count(*)::int AS attendees, count(*) FILTER (WHERE ${HAS_EMAIL})::int AS "withEmail"
         FROM evento_asistentes a JOIN personas p ON p.id = a.persona_id
        WHERE a.evento_interno_id = $1 AND a.persona_id = ANY($2::int[])`,
      [eventId, personaIds],
    );
    return row;
  }

  async insertSend(manager: EntityManager, v: { id: string; eventId: number; personaIds: number[]; createdBy: number | null }) {
    const [row]: InvitationSendRow[] = await manager.query(
      `INSERT INTO envios_invitaciones (id, evento_interno_id, persona_ids, created_by) VALUES ($1, $2, $3::int[], $4)
       RETURNING ${SEND_COLUMNS}`,
      [v.id, v.eventId, v.personaIds, v.createdBy],
    );
    return row;
  }

  async findSend(id: string, manager?: EntityManager): Promise<InvitationSendRow | null> {
    const rows = await this.m(manager).query(`SELECT ${SEND_COLUMNS} FROM envios_invitaciones WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Locks the request: one run of it at a time (a duplicate delivery waits, then finds the batch done). */
  async lockSend(manager: EntityManager, id: string): Promise<InvitationSendRow | null> {
    const rows = await manager.query(`SELECT ${SEND_COLUMNS} FROM envios_invitaciones WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async lastSend(eventId: number): Promise<InvitationSendRow | null> {
    const rows = await this.ds.query(
      `SELECT ${SEND_COLUMNS} FROM envios_invitaciones WHERE evento_interno_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [eventId],
    );
    return rows[0] ?? null;
  }

  /** The attendees of a batch who can be written to (still attendees, with an e-mail), in the batch's order. */
  async invitees(manager: EntityManager, eventId: number, personaIds: number[]): Promise<InviteeRow[]> {
    return manager.query(
      `SELECT p.id AS persona_id, p.nombre, ${FULL_NAME} AS nombre_completo, btrim(p.correo_electronico) AS correo_electronico,
              a.confirmation_code
         FROM unnest($2::int[]) WITH ORDINALITY AS x(persona_id, ord)
         JOIN evento_asistentes a ON a.evento_interno_id = $1 AND a.persona_id = x.persona_id
         JOIN personas p ON p.id = a.persona_id
        WHERE ${HAS_EMAIL}
        ORDER BY x.ord`,
      [eventId, personaIds],
    );
  }

  /** Marks these attendees invited by this request (when: the transaction's time). Answers that time. */
  async markInvited(manager: EntityManager, eventId: number, sendId: string, personaIds: number[]): Promise<Date> {
    const [{ at }] = await manager.query(
      `WITH u AS (
         UPDATE evento_asistentes SET invitacion_enviada_at = now(), invitacion_envio_id = $2
          WHERE evento_interno_id = $1 AND persona_id = ANY($3::int[]))
       SELECT now() AS at`,
      [eventId, sendId, personaIds],
    );
    return at;
  }

  /** A batch done: its counts and the progress move with its messages (same transaction), so a retry resumes exactly. */
  async addProgress(manager: EntityManager, id: string, processed: number, queued: number): Promise<InvitationSendRow> {
    const [rows]: [InvitationSendRow[], number] = await manager.query(
      `UPDATE envios_invitaciones SET status = 'processing', processed = processed + $2, queued_count = queued_count + $3,
              skipped_count = skipped_count + ($2 - $3)
        WHERE id = $1 RETURNING ${SEND_COLUMNS}`,
      [id, processed, queued],
    );
    return rows[0];
  }

  async setStatus(manager: EntityManager, id: string, status: InvitationJobStatus, message: string | null): Promise<InvitationSendRow> {
    const [rows]: [InvitationSendRow[], number] = await manager.query(
      `UPDATE envios_invitaciones SET status = $2, message = COALESCE($3, message),
              finished_at = CASE WHEN $2 IN ('completed', 'failed') THEN now() ELSE finished_at END
        WHERE id = $1 RETURNING ${SEND_COLUMNS}`,
      [id, status, message],
    );
    return rows[0];
  }

  /** Every retry failed: the request ends as failed (unless it had finished). */
  async failSend(id: string, message: string): Promise<InvitationSendRow | null> {
    const [rows]: [InvitationSendRow[], number] = await this.ds.query(
      `UPDATE envios_invitaciones SET status = 'failed', message = $2, finished_at = now()
        WHERE id = $1 AND status NOT IN ('completed', 'failed') RETURNING ${SEND_COLUMNS}`,
      [id, message],
    );
    return rows[0] ?? null;
  }

  /**
   * The day-before reminders of confirmed invitees, in ONE statement: every confirmed attendee with an e-mail of
   * a confirmed event that starts within the lead time (and has not started) gets a message queued (one
   * NOTIFY for all: `queueManySql`), whose idempotency key `recordatorio:evento-interno:<event>:<persona>:<start>` makes it once per start — however
   * often this runs, and when two workers run it at the same time (the unique key decides). Answers how many
   * were queued now.
   */
  async queueReminders(leadMs: number): Promise<number> {
    const [{ n }] = await this.ds.query(
      queueManySql(`SELECT
                'recordatorio:evento-interno:' || e.id || ':' || p.id || ':' || ${reminderStartKeySql('e.fecha_evento')} AS key,
                'evento-interno.recordatorio' AS template,
                btrim(p.correo_electronico) AS to_email,
                ${FULL_NAME} AS to_name,
                jsonb_build_object(
                  'evento_id', e.id, 'persona_id', p.id, 'slug', COALESCE(NULLIF(e.slug, ''), e.id::text), 'nombre', p.nombre,
                  'codigo', a.confirmation_code,
                  'evento', jsonb_build_object('titulo', e.titulo, 'inicio', ${isoSql('e.fecha_evento')}, 'fin', ${isoSql('e.fecha_fin')},
                                               'lugar', NULLIF(btrim(e.ubicacion), ''))) AS data,
                'evento-interno' AS ref_type, e.id AS ref_id
         FROM eventos_internos e
         JOIN evento_asistentes a ON a.evento_interno_id = e.id AND a.confirmacion = 'confirmado'
         JOIN personas p ON p.id = a.persona_id
        WHERE e.estado = 'confirmado' AND e.fecha_evento > now() AND e.fecha_evento <= now() + $1 * interval '1 millisecond'
          AND ${HAS_EMAIL}`),
      [leadMs],
    );
    return n;
  }
}
