import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DELIVERIES_PAGE_SIZE, type DeliveryStatus, type WebhookStatus } from '@shared/contracts/webhooks.contract';
import type { DomainEventType } from '@shared/events/domain-events';
import { WebhooksLock } from './webhooks.locks';
import { LATE_SCAN_MS, LOG_KEEP_DAYS, PREVIOUS_SECRET_MS } from './webhooks.constants';

export interface EndpointRow {
  id: number;
  url: string;
  descripcion: string | null;
  eventos: string[];
  estado: WebhookStatus;
  motivo: string | null;
  fallos_seguidos: number;
  secreto_anterior_hasta: Date | null;
  pendientes: number;
  creado_por: number | null;
  created_at: Date;
  updated_at: Date;
}

/** What a line needs of its endpoint: where, what, and the secrets that sign now. */
export interface LineEndpoint {
  id: number;
  url: string;
  eventos: string[];
  estado: WebhookStatus;
  secretos: string[];
  cursor_at: Date;
  cursor_seq: string;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  endpoint_id: number;
  event_id: string | null;
  evento: string;
  cuerpo: string;
  estado: DeliveryStatus;
  intentos: number;
  proximo_intento_at: Date;
  orden_at: Date;
  codigo_respuesta: number | null;
  latencia_ms: number | null;
  respuesta: string | null;
  error: string | null;
  ultimo_intento_at: Date | null;
  entregada_at: Date | null;
}

export interface LineEvent {
  id: string;
  seq: string;
  type: DomainEventType;
  payload: unknown;
  occurred_at: Date;
  /** Exact (microseconds, as PostgreSQL writes it): the line's order and cursor compare on it. */
  published_at: string;
}

export interface NewDelivery {
  id: string;
  event_id: string | null;
  evento: string;
  cuerpo: string;
  orden_at: string;
  orden_seq: string;
}

export interface AttemptRecord {
  estado: DeliveryStatus;
  codigo: number | null;
  latencia: number;
  respuesta: string | null;
  error: string | null;
  /** The next attempt (pending only). */
  proximo: Date | null;
}

const ENDPOINT_COLUMNS = `e.id, e.url, e.descripcion, e.eventos, e.estado, e.motivo, e.fallos_seguidos,
  CASE WHEN e.secreto_anterior_hasta > now() THEN e.secreto_anterior_hasta END AS secreto_anterior_hasta,
  (SELECT count(*)::int FROM webhook_entregas w WHERE w.endpoint_id = e.id AND w.estado = 'pendiente') AS pendientes,
  e.creado_por, e.created_at, e.updated_at`;

/** Every statement of webhooks: its two tables, and the published domain events each line reads. */
@Injectable()
export class WebhooksRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Outside any transaction (a ping's row and its result). */
  manager(): EntityManager {
    return this.ds.manager;
  }

  list(): Promise<EndpointRow[]> {
    return this.ds.query(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e ORDER BY e.id`);
  }

  async find(id: number, manager: EntityManager = this.ds.manager): Promise<EndpointRow | null> {
    const rows: EndpointRow[] = await manager.query(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async insert(
    manager: EntityManager,
    e: { url: string; descripcion: string | null; eventos: string[]; estado: WebhookStatus; secreto: string; creado_por: number | null },
  ): Promise<number> {
    const [{ id }]: Array<{ id: number }> = await manager.query(
      `INSERT INTO webhook_endpoints (url, descripcion, eventos, estado, secreto, creado_por) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [e.url, e.descripcion, e.eventos, e.estado, e.secreto, e.creado_por],
    );
    return id;
  }

  /**
   * Staff's change, in one statement: the fields, a new state (activo clears the failures and the reason; events are
   * then read from where the line stopped), and a rotation (the current secret keeps signing PREVIOUS_SECRET_MS).
   */
  async update(
    manager: EntityManager,
    id: number,
    e: { url: string; descripcion: string | null; eventos: string[]; estado: WebhookStatus | null; secreto: string | null },
  ): Promise<boolean> {
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE webhook_endpoints SET
         url = $2, descripcion = $3, eventos = $4,
         estado = coalesce($5, estado),
         motivo = CASE WHEN $5::text IS NULL OR $5 = estado THEN motivo END,
         fallos_seguidos = CASE WHEN $5 = 'activo' THEN 0 ELSE fallos_seguidos END,
         secreto_anterior = CASE WHEN $6::text IS NULL THEN secreto_anterior ELSE secreto END,
         secreto_anterior_hasta = CASE WHEN $6::text IS NULL THEN secreto_anterior_hasta ELSE now() + make_interval(secs => $7) END,
         secreto = coalesce($6, secreto),
         updated_at = now()
       WHERE id = $1 RETURNING id`,
      [id, e.url, e.descripcion, e.eventos, e.estado, e.secreto, PREVIOUS_SECRET_MS / 1000],
    );
    return rows.length > 0;
  }

  async delete(manager: EntityManager, id: number): Promise<boolean> {
    const [rows]: [unknown[], number] = await manager.query(`DELETE FROM webhook_endpoints WHERE id = $1 RETURNING id`, [id]);
    return rows.length > 0;
  }

  activeIds(): Promise<Array<{ id: number; eventos: string[] }>> {
    return this.ds.query(`SELECT id, eventos FROM webhook_endpoints WHERE estado = 'activo' ORDER BY id`);
  }

  async deliveries(endpointId: number, page: number, estado: DeliveryStatus | undefined): Promise<{ rows: DeliveryRow[]; total: number }> {
    const where = `endpoint_id = $1 AND ($2::text IS NULL OR estado = $2)`;
    const [rows, [{ total }]] = await Promise.all([
      this.ds.query(
        `SELECT * FROM webhook_entregas WHERE ${where} ORDER BY created_at DESC, orden_at DESC, orden_seq DESC LIMIT $3 OFFSET $4`,
        [endpointId, estado ?? null, DELIVERIES_PAGE_SIZE, (page - 1) * DELIVERIES_PAGE_SIZE],
      ) as Promise<DeliveryRow[]>,
      this.ds.query(`SELECT count(*)::int AS total FROM webhook_entregas WHERE ${where}`, [endpointId, estado ?? null]) as Promise<
        Array<{ total: number }>
      >,
    ]);
    return { rows, total };
  }

  async delivery(endpointId: number, id: string): Promise<DeliveryRow | null> {
    const rows: DeliveryRow[] = await this.ds.query(`SELECT * FROM webhook_entregas WHERE endpoint_id = $1 AND id = $2`, [endpointId, id]);
    return rows[0] ?? null;
  }

  /** The endpoint's line, or false when another run holds it (until that run's transaction ends). */
  async tryTakeLine(manager: EntityManager, endpointId: number): Promise<boolean> {
    const [{ taken }]: Array<{ taken: boolean }> = await manager.query(`SELECT pg_try_advisory_xact_lock($1, $2) AS taken`, [
      WebhooksLock.Line,
      endpointId,
    ]);
    return taken;
  }

  async lineEndpoint(manager: EntityManager, id: number): Promise<LineEndpoint | null> {
    const rows: Array<LineEndpoint & { secreto: string; anterior: string | null }> = await manager.query(
      `SELECT id, url, eventos, estado, secreto, CASE WHEN secreto_anterior_hasta > now() THEN secreto_anterior END AS anterior,
              cursor_at, cursor_seq::text AS cursor_seq, created_at
         FROM webhook_endpoints WHERE id = $1`,
      [id],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      url: r.url,
      eventos: r.eventos,
      estado: r.estado,
      secretos: r.anterior ? [r.secreto, r.anterior] : [r.secreto],
      cursor_at: r.cursor_at,
      cursor_seq: r.cursor_seq,
      created_at: r.created_at,
    };
  }

  /**
   * The next published events of the given types after the line's cursor, in the relay's publication order
   * (`published_at`, then `seq`), within the retry window. Not past the lowest event still unpublished: a relay holding it
   * may commit after a later relay did, with an earlier `published_at` (it would land behind the cursor); the line
   * waits one relay cycle for it instead. `held` also when nothing is published yet but an event of these types is
   * being published (its wake-up came before its relay's commit).
   */
  async nextEvents(
    manager: EntityManager,
    endpoint: LineEndpoint,
    types: DomainEventType[],
    windowHours: number,
    limit: number,
  ): Promise<{ events: LineEvent[]; held: boolean }> {
    const rows: Array<LineEvent & { safe: boolean }> = await manager.query(
      `SELECT d.id, d.seq::text AS seq, d.type, d.payload, d.occurred_at, d.published_at::text AS published_at,
              d.seq < coalesce((SELECT min(u.seq) FROM domain_events u WHERE u.published_at IS NULL), 9223372036854775807) AS safe
         FROM domain_events d
        WHERE d.published_at IS NOT NULL
          AND (d.published_at, d.seq) > ($1::timestamptz, $2::bigint)
          AND d.published_at >= greatest($3::timestamptz, now() - make_interval(hours => $4))
          AND d.type = ANY($5::text[])
        ORDER BY d.published_at, d.seq
        LIMIT $6`,
      [endpoint.cursor_at, endpoint.cursor_seq, endpoint.created_at, windowHours, types, limit],
    );
    const cut = rows.findIndex((r) => !r.safe);
    if (cut >= 0) return { events: rows.slice(0, cut), held: true };
    if (rows.length > 0) return { events: rows, held: false };
    // Nothing published yet, but an event of the line's kinds is being published: its relay queues the wake-up
    // before its transaction commits, so the wake-up's run can come first and must look again, not go idle.
    const [{ pending }]: Array<{ pending: boolean }> = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM domain_events WHERE published_at IS NULL AND type = ANY($1::text[])) AS pending`,
      [types],
    );
    return { events: [], held: pending };
  }

  /**
   * The line's new deliveries (a second insert of the same event is a no-op); `moveCursor` to the last one's place.
   * Answers the rows made, newest first (as the log lists them).
   */
  async addToLine(manager: EntityManager, endpointId: number, rows: NewDelivery[], moveCursor = true): Promise<DeliveryRow[]> {
    if (rows.length === 0) return [];
    const last = rows[rows.length - 1];
    return manager.query(
      `WITH ins AS (
         INSERT INTO webhook_entregas (id, endpoint_id, event_id, evento, cuerpo, orden_at, orden_seq)
         SELECT x.id, $1, x.event_id, x.evento, x.cuerpo, x.orden_at, x.orden_seq
           FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, event_id uuid, evento text, cuerpo text, orden_at timestamptz, orden_seq bigint)
         ON CONFLICT (endpoint_id, event_id) DO NOTHING
         RETURNING *),
       cur AS (
         UPDATE webhook_endpoints SET cursor_at = $3::timestamptz, cursor_seq = $4::bigint
          WHERE id = $1 AND $5 AND (cursor_at, cursor_seq) < ($3::timestamptz, $4::bigint))
       SELECT * FROM ins ORDER BY orden_at DESC, orden_seq DESC`,
      [endpointId, JSON.stringify(rows), last.orden_at, last.orden_seq, moveCursor],
    );
  }

  /**
   * Events of the line's kinds published up to LATE_SCAN_MS behind its cursor that it never took (the sweep): what a
   * relay committed late in a cluster. They join the line by their own publication order.
   */
  lateEvents(manager: EntityManager, endpoint: LineEndpoint, types: DomainEventType[]): Promise<LineEvent[]> {
    return manager.query(
      `SELECT d.id, d.seq::text AS seq, d.type, d.payload, d.occurred_at, d.published_at::text AS published_at
         FROM domain_events d
        WHERE d.published_at IS NOT NULL
          AND d.published_at >= greatest($2::timestamptz - make_interval(secs => $3), $4::timestamptz)
          AND (d.published_at, d.seq) <= ($2::timestamptz, $5::bigint)
          AND d.type = ANY($6::text[])
          AND NOT EXISTS (SELECT 1 FROM webhook_entregas w WHERE w.endpoint_id = $1 AND w.event_id = d.id)
        ORDER BY d.published_at, d.seq`,
      [endpoint.id, endpoint.cursor_at, LATE_SCAN_MS / 1000, endpoint.created_at, endpoint.cursor_seq, types],
    );
  }

  /** The oldest pending delivery of the line, locked (its attempt and its result are one transaction). */
  async head(manager: EntityManager, endpointId: number): Promise<DeliveryRow | null> {
    const rows: DeliveryRow[] = await manager.query(
      `SELECT * FROM webhook_entregas WHERE endpoint_id = $1 AND estado = 'pendiente' AND event_id IS NOT NULL
        ORDER BY orden_at, orden_seq LIMIT 1 FOR UPDATE`,
      [endpointId],
    );
    return rows[0] ?? null;
  }

  /** An attempt's answer; the delivery as it is now. */
  async recordAttempt(manager: EntityManager, id: string, a: AttemptRecord): Promise<DeliveryRow> {
    const [rows]: [DeliveryRow[], number] = await manager.query(
      `UPDATE webhook_entregas SET
         estado = $2, intentos = intentos + 1, codigo_respuesta = $3, latencia_ms = $4, respuesta = $5, error = $6,
         proximo_intento_at = coalesce($7, proximo_intento_at), ultimo_intento_at = now(),
         entregada_at = CASE WHEN $2 = 'entregada' THEN now() ELSE entregada_at END
       WHERE id = $1 RETURNING *`,
      [id, a.estado, a.codigo, a.latencia, a.respuesta, a.error, a.proximo],
    );
    return rows[0];
  }

  /** Gives up a pending delivery past the retry window without sending it (the endpoint was paused or down too long). */
  async expire(manager: EntityManager, id: string): Promise<DeliveryRow> {
    const [rows]: [DeliveryRow[], number] = await manager.query(
      `UPDATE webhook_entregas SET estado = 'fallida', error = 'Venció el plazo de reintentos sin entregarse.' WHERE id = $1 RETURNING *`,
      [id],
    );
    return rows[0];
  }

  /** A 2xx: the failures in a row start over. */
  async succeeded(manager: EntityManager, endpointId: number): Promise<void> {
    await manager.query(`UPDATE webhook_endpoints SET fallos_seguidos = 0 WHERE id = $1 AND fallos_seguidos <> 0`, [endpointId]);
  }

  /**
   * A failed attempt, in one statement: one more failure in a row, and the endpoint paused when that reaches `pauseAt`
   * (only by this attempt: `paused` is true once), or disabled by a 410.
   */
  async failed(
    manager: EntityManager,
    endpointId: number,
    pauseAt: number,
    gone: boolean,
  ): Promise<{ paused: boolean; disabled: boolean; creado_por: number | null; url: string; fallos: number }> {
    // An UPDATE's answer through TypeORM is [rows, count].
    const [rows]: [Array<{ paused: boolean; disabled: boolean; creado_por: number | null; url: string; fallos: number }>, number] =
      await manager.query(
        `WITH before AS (SELECT id, estado FROM webhook_endpoints WHERE id = $1 FOR UPDATE)
       UPDATE webhook_endpoints e SET
         fallos_seguidos = e.fallos_seguidos + 1,
         estado = CASE WHEN $3 THEN 'deshabilitado' WHEN e.estado = 'activo' AND e.fallos_seguidos + 1 >= $2 THEN 'pausado' ELSE e.estado END,
         motivo = CASE
           WHEN $3 THEN 'El receptor respondió 410 (ya no existe): se deshabilitó.'
           WHEN e.estado = 'activo' AND e.fallos_seguidos + 1 >= $2 THEN format('Se pausó tras %s intentos fallidos seguidos.', e.fallos_seguidos + 1)
           ELSE e.motivo END,
         updated_at = CASE WHEN $3 OR (e.estado = 'activo' AND e.fallos_seguidos + 1 >= $2) THEN now() ELSE e.updated_at END
       FROM before WHERE e.id = before.id
       RETURNING (before.estado = 'activo' AND e.estado = 'pausado') AS paused, (before.estado <> 'deshabilitado' AND e.estado = 'deshabilitado') AS disabled,
                 e.creado_por, e.url, e.fallos_seguidos AS fallos`,
        [endpointId, pauseAt, gone],
      );
    return rows[0] ?? { paused: false, disabled: false, creado_por: null, url: '', fallos: 0 };
  }

  /** A 'probar' ping or a 'reenviar': its row (a ping is made here, out of the line) and its result. */
  async insertPing(manager: EntityManager, endpointId: number, d: { id: string; cuerpo: string }): Promise<void> {
    await manager.query(
      `INSERT INTO webhook_entregas (id, endpoint_id, event_id, evento, cuerpo, orden_at) VALUES ($1, $2, NULL, 'ping', $3, now())`,
      [d.id, endpointId, d.cuerpo],
    );
  }

  /** The log keeps finished deliveries LOG_KEEP_DAYS (the sweep). */
  async pruneLog(): Promise<void> {
    await this.ds.query(`DELETE FROM webhook_entregas WHERE estado <> 'pendiente' AND created_at < now() - make_interval(days => $1)`, [
      LOG_KEEP_DAYS,
    ]);
  }
}
