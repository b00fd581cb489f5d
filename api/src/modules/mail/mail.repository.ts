import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { withoutSignedTokens } from '@core/links/signed-link-mask';
import type { CorreoRefOption, CorreoResponse, MailRefType, MailStatus } from '@shared/contracts/mail.contract';
import { iso } from '@core/format/iso';
import { returnedRows } from '@core/database/returned-rows';
import { preparedQuery } from '@core/database/prepared';
import { countRows, updateRows } from '@core/database/row-counts';

/** A row of `correos` as the SQL answers it. */
export interface CorreoRow {
  id: string;
  idempotency_key: string;
  template: string;
  to_email: string;
  to_name: string | null;
  data: Record<string, unknown>;
  ref_type: MailRefType | null;
  ref_id: number | null;
  ref_label: string | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
  provider_message_id: string | null;
  subject: string | null;
  html: string | null;
  text: string | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
  /** When retention purged its body (html, text, data but its title, the name): null while it has one. */
  purgado_at: Date | null;
}

/** The title a message's data names (events: evento.titulo; programs: programa.titulo or programa.nombre). */
const REF_LABEL = `coalesce(data #>> '{evento,titulo}', data #>> '{programa,titulo}', data #>> '{programa,nombre}', data ->> 'titulo')`;
const COLUMNS = `id::text, idempotency_key, template, to_email, to_name, data, ref_type, ref_id, ${REF_LABEL} AS ref_label, status, attempts,
  last_error, message_id, provider_message_id, subject, html, text, created_at, updated_at, sent_at, purgado_at`;
/** What retention purges ($1: the cutoff): a message that is done (never one still queued or being sent). */
const PURGEABLE = `purgado_at IS NULL AND created_at < $1 AND status IN ('sent', 'failed', 'stored')`;
/** The list's columns: everything but the bodies. */
const LIST_COLUMNS = `id::text, template, to_email, to_name, ref_type, ref_id, ${REF_LABEL} AS ref_label, status, attempts, last_error,
  message_id, subject, created_at, updated_at, sent_at`;

/** Why a message to a suppressed address was not sent ('Correos'). */
export const SUPPRESSED_REASON = 'La persona pidió no recibir correos (oposición o baja); no se envió.';

/** Which messages a reader may see: some kinds of record, and (super admins) those about nothing. */
export interface MailVisibility {
  all: boolean;
  refTypes: MailRefType[];
}

export interface MailListFilter {
  status?: MailStatus;
  refType?: MailRefType;
  refId?: number;
  page: number;
  pageSize: number;
}

/**
 * A message without its body, as the list, the socket pushes and the audit carry it: no reader acts on these
 * fields, so a signed token in any of them (an SMTP error quoting the message, say) is hidden for everyone.
 */
export function toCorreoResponse(
  row: Omit<CorreoRow, 'data' | 'html' | 'text' | 'idempotency_key' | 'provider_message_id'>,
): CorreoResponse {
  return {
    id: Number(row.id),
    template: row.template,
    to_email: row.to_email,
    to_name: withoutSignedTokens(row.to_name),
    subject: withoutSignedTokens(row.subject),
    status: row.status,
    attempts: row.attempts,
    last_error: withoutSignedTokens(row.last_error),
    ref_type: row.ref_type,
    ref_id: row.ref_id,
    ref_label: withoutSignedTokens(row.ref_label),
    message_id: row.message_id,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    sent_at: iso(row.sent_at),
  };
}

/** Every SQL statement of the mail area (table correos, baseline migration). */
@Injectable()
export class MailRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Prepared (core/database/prepared.ts): the send job reads it after its last attempt (`gaveUp`), as the screens do. */
  async findById(id: string | number): Promise<CorreoRow | null> {
    const rows = await preparedQuery<CorreoRow>(this.ds, 'correos_find_by_id', `SELECT ${COLUMNS} FROM correos WHERE id = $1`, [
      String(id),
    ]);
    return rows[0] ?? null;
  }

  /**
   * Takes a message for sending, in one statement: a queued one, or one a crashed worker left in 'sending'
   * longer than the lease. Stores the subject (the list shows it) and the Message-ID and counts the attempt BEFORE
   * the SMTP conversation, so a crash after it is visible ('sending') and the resend reuses the same Message-ID.
   * The rendered body is not stored: the row keeps the message's intent (template, data), which renders the same
   * message again (docs/decisions/correos.md "Lo que se guarda de un correo"); a body an earlier build
   * stored is cleared, so the preview of a resent message is the message rendered anew, never the old one.
   */
  async claim(
    id: string,
    next: 'sending' | 'stored',
    rendered: { subject: string; messageId: string },
    leaseMs: number,
  ): Promise<CorreoRow | null> {
    const rows = await preparedQuery<CorreoRow>(
      this.ds,
      'correos_claim',
      `UPDATE correos
        SET status = $2, attempts = attempts + 1, subject = $3, html = NULL, text = NULL,
            message_id = coalesce(message_id, $4), updated_at = clock_timestamp(),
            sent_at = CASE WHEN $2 = 'stored' THEN clock_timestamp() ELSE sent_at END,
            last_error = CASE WHEN $2 = 'stored' THEN NULL ELSE last_error END
      WHERE id = $1
        AND (status = 'queued' OR (status = 'sending' AND updated_at < clock_timestamp() - make_interval(secs => $5::float8 / 1000)))
      RETURNING ${COLUMNS}`,
      [id, next, rendered.subject, rendered.messageId, leaseMs],
    );
    return rows[0] ?? null;
  }

  /** The end of one attempt, written only while the message is still this attempt's ('sending'). */
  async finish(
    id: string,
    outcome: { status: 'sent'; response: string } | { status: 'queued' | 'failed'; error: string },
  ): Promise<CorreoRow | null> {
    const rows = returnedRows<CorreoRow>(
      outcome.status === 'sent'
        ? await this.ds.query(
            `UPDATE correos SET status = 'sent', provider_message_id = $2, last_error = NULL, sent_at = clock_timestamp(), updated_at = clock_timestamp()
              WHERE id = $1 AND status = 'sending' RETURNING ${COLUMNS}`,
            [id, outcome.response],
          )
        : await this.ds.query(
            `UPDATE correos SET status = $2, last_error = $3, updated_at = clock_timestamp()
              WHERE id = $1 AND status = 'sending' RETURNING ${COLUMNS}`,
            [id, outcome.status, outcome.error],
          ),
    );
    return rows[0] ?? null;
  }

  /** A message that cannot be rendered or has run out of attempts: failed with the reason (unless sent meanwhile). */
  async fail(id: string, error: string): Promise<CorreoRow | null> {
    const rows = returnedRows<CorreoRow>(
      await this.ds.query(
        `UPDATE correos SET status = 'failed', last_error = $2, updated_at = clock_timestamp()
          WHERE id = $1 AND status IN ('queued', 'sending') RETURNING ${COLUMNS}`,
        [id, error],
      ),
    );
    return rows[0] ?? null;
  }

  /**
   * What the sweep enqueues again: queued messages untouched for `queuedAfterMs` (their NOTIFY or enqueue was
   * lost), and messages left in 'sending' past the lease (their worker died). Oldest first.
   */
  /** How many messages are in each status (metrics): on correos_status_idx, with no message's data. */
  async countByStatus(): Promise<Array<{ status: MailStatus; count: number }>> {
    return this.ds.query(`SELECT status, count(*)::int AS count FROM correos GROUP BY status`);
  }

  async pending(queuedAfterMs: number, leaseMs: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.ds.query(
      `SELECT id::text FROM correos
        WHERE (status = 'queued' AND updated_at < clock_timestamp() - make_interval(secs => $1::float8 / 1000))
           OR (status = 'sending' AND updated_at < clock_timestamp() - make_interval(secs => $2::float8 / 1000))
        ORDER BY updated_at LIMIT $3`,
      [queuedAfterMs, leaseMs, limit],
    );
    return rows.map((r) => r.id);
  }

  /** A failed message queued again by staff, in the caller's transaction (its NOTIFY wakes the dispatcher on commit). */
  async requeueFailed(manager: EntityManager, id: number): Promise<CorreoRow | null> {
    const rows = returnedRows<CorreoRow>(
      await manager.query(
        `UPDATE correos SET status = 'queued', updated_at = clock_timestamp() WHERE id = $1 AND status = 'failed' RETURNING ${COLUMNS}`,
        [id],
      ),
    );
    if (rows[0]) await manager.query(`SELECT pg_notify('aforo_mail', $1)`, [String(id)]);
    return rows[0] ?? null;
  }

  // ——— Retention: bodies of messages older than the cutoff, once they left the queue ———

  countBodiesBefore(cutoff: Date): Promise<number> {
    return countRows(this.ds, 'correos', PURGEABLE, [cutoff]);
  }

  /**
   * Purges the bodies in one statement: the HTML, the text, the data they were written from (but the title the list
   * shows) and the recipient's name. The row stays: to whom, what, when and how it went.
   */
  purgeBodiesBefore(manager: EntityManager, cutoff: Date): Promise<number> {
    const set = `html = NULL, text = NULL, to_name = NULL, data = jsonb_strip_nulls(jsonb_build_object('titulo', ${REF_LABEL})), purgado_at = now()`;
    return updateRows(manager, 'correos', set, PURGEABLE, [cutoff]);
  }

  /**
   * Adds an address to the suppression list (oposición, an unsubscribe link), in the caller's transaction, and
   * suppresses its messages still waiting (not the answers to an ARCO request: `privacidad.*`). Answers whether
   * the address was new on the list.
   */
  async suppress(
    manager: EntityManager,
    email: string,
    motivo: 'oposicion' | 'baja',
    refs: { solicitudId?: number | null; correoId?: number | null } = {},
  ): Promise<boolean> {
    const inserted: Array<{ email: string }> = await manager.query(
      `INSERT INTO correo_supresiones (email, motivo, solicitud_id, correo_id) VALUES (lower(btrim($1)), $2, $3, $4)
       ON CONFLICT (email) DO NOTHING RETURNING email`,
      [email, motivo, refs.solicitudId ?? null, refs.correoId ?? null],
    );
    await manager.query(
      `UPDATE correos SET status = 'suppressed', last_error = $2, updated_at = clock_timestamp()
        WHERE lower(btrim(to_email)) = lower(btrim($1)) AND status = 'queued' AND template NOT LIKE 'privacidad.%'`,
      [email, SUPPRESSED_REASON],
    );
    return inserted.length === 1;
  }

  async isSuppressed(email: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(`SELECT 1 FROM correo_supresiones WHERE email = lower(btrim($1))`, [email]);
    return rows.length > 0;
  }

  /**
   * The send job's first step, in one statement: the message as it is now, or — when it still waits ('queued', or
   * 'sending' left by a crash) and its address was put on the opposition list after it was queued — the message kept
   * as 'suppressed' instead of sent (`suppressed`: true). The row and the list's check were two round trips per
   * message (docs/decisions/correos.md, «Un correo, menos viajes»). The data-modifying CTE and the plain read see the
   * same snapshot, so the read answers only when the CTE changed nothing.
   */
  async findForSend(id: string): Promise<(CorreoRow & { suppressed: boolean }) | null> {
    const rows = await preparedQuery<CorreoRow & { suppressed: boolean }>(
      this.ds,
      'correos_find_for_send',
      `WITH suppressed AS (
         UPDATE correos c SET status = 'suppressed', last_error = $2, updated_at = clock_timestamp()
          WHERE c.id = $1 AND c.status IN ('queued', 'sending') AND c.template NOT LIKE 'privacidad.%'
            AND EXISTS (SELECT 1 FROM correo_supresiones s WHERE s.email = lower(btrim(c.to_email)))
          RETURNING ${COLUMNS}, true AS suppressed)
       SELECT * FROM suppressed
       UNION ALL
       SELECT ${COLUMNS}, false AS suppressed FROM correos WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM suppressed)`,
      [id, SUPPRESSED_REASON],
    );
    return rows[0] ?? null;
  }

  private where(visibility: MailVisibility, filter: Partial<MailListFilter>, params: unknown[]): string {
    const clauses: string[] = [];
    if (!visibility.all) {
      params.push(visibility.refTypes);
      clauses.push(`ref_type = ANY($${params.length}::text[])`);
    }
    if (filter.status) {
      params.push(filter.status);
      clauses.push(`status = $${params.length}`);
    }
    if (filter.refType) {
      params.push(filter.refType);
      clauses.push(`ref_type = $${params.length}`);
    }
    if (filter.refId !== undefined) {
      params.push(filter.refId);
      clauses.push(`ref_id = $${params.length}`);
    }
    return clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  }

  async list(visibility: MailVisibility, filter: MailListFilter): Promise<{ rows: CorreoRow[]; total: number }> {
    const params: unknown[] = [];
    const where = this.where(visibility, filter, params);
    const [{ total }]: Array<{ total: number }> = await this.ds.query(`SELECT count(*)::int AS total FROM correos ${where}`, params);
    const rows: CorreoRow[] = await this.ds.query(
      `SELECT ${LIST_COLUMNS} FROM correos ${where} ORDER BY id DESC LIMIT ${filter.pageSize} OFFSET ${(filter.page - 1) * filter.pageSize}`,
      params,
    );
    return { rows, total };
  }

  /** The records messages are about (the 'por evento' filter), newest first, with their title and count. */
  async refs(visibility: MailVisibility): Promise<CorreoRefOption[]> {
    const params: unknown[] = [];
    const where = this.where(visibility, {}, params);
    return this.ds.query(
      `SELECT ref_type, ref_id, coalesce((array_agg(${REF_LABEL} ORDER BY id DESC))[1], ref_type || ' ' || ref_id) AS label, count(*)::int AS total
         FROM correos ${where ? `${where} AND` : 'WHERE'} ref_type IS NOT NULL
        GROUP BY ref_type, ref_id ORDER BY max(id) DESC LIMIT 500`,
      params,
    );
  }
}
