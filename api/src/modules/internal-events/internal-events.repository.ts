import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MAX_INT32 } from '@core/constants';
import type {
  AsistentesCounts,
  Confirmacion,
  EstadoEventoInterno,
  InternalEventFields,
  SeccionSummary,
  VersionedInternalCounts,
} from '@shared/contracts/internal-events.contract';
import { InternalEventsLock } from './internal-events.locks';
import type { SlugTable } from '@core/database/slugs';

/** The table's slug, as the shared core helper takes it. */
export const INTERNAL_EVENT_SLUGS: SlugTable = { table: 'eventos_internos', lock: InternalEventsLock.Slug };

/** What staff write of an event, as stored (dates as Date). */
export interface InternalEventValues extends Omit<InternalEventFields, 'fecha_evento' | 'fecha_fin'> {
  fecha_evento: Date;
  fecha_fin: Date | null;
  notas: string[];
  aforo_maximo: number | null;
}

export interface InternalEventRow extends AsistentesCounts, InternalEventValues {
  id: number;
  slug: string;
  permite_seleccion_asiento: boolean;
  version: string;
  created_at: Date;
  updated_at: Date;
}

/** An event's space as stored: its sections without the seats assigned (those are seating's). */
export interface EspacioRow {
  id: number;
  nombre: string;
  secciones: Array<Omit<SeccionSummary, 'asignados'>>;
}

export interface AsistenteRow {
  id: number;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  correo_electronico: string | null;
  telefono_celular: string | null;
  telefono: string | null;
  empresa_id: number | null;
  empresa_nombre: string | null;
  puesto_nombre: string | null;
  sector_id: number | null;
  sector_nombre: string | null;
  confirmacion: Confirmacion;
  confirmation_code: string;
  invitacion_enviada_at: Date | null;
}

export interface PersonaDisponibleRow {
  id: number;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  correo_electronico: string | null;
  empresa: string | null;
  puesto: string | null;
}

const COUNTS = `
  count(*)::int AS asistentes_count,
  count(*) FILTER (WHERE a.confirmacion = 'confirmado')::int AS asistentes_confirmados_count,
  count(*) FILTER (WHERE a.confirmacion = 'pendiente')::int AS asistentes_pendientes_count,
  count(*) FILTER (WHERE a.confirmacion = 'asistio')::int AS asistentes_asistieron_count`;

const EVENT_SELECT = `
  SELECT e.id, e.slug, e.titulo, e.descripcion, e.fecha_evento, e.fecha_fin, e.ubicacion, e.tipo, e.estado, e.notas,
         e.aforo_maximo, e.permite_seleccion_asiento, e.version::text AS version, e.created_at, e.updated_at, c.*
    FROM eventos_internos e
    LEFT JOIN LATERAL (SELECT ${COUNTS} FROM evento_asistentes a WHERE a.evento_interno_id = e.id) c ON true`;

/** A LIKE pattern matching the text anywhere. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An attendee with their person and catalogue names (their seat, if any, comes from SeatingService). */
const ASISTENTE_SELECT = `
  SELECT p.id, p.nombre, p.apellido_paterno, p.apellido_materno, p.correo_electronico, p.telefono_celular,
         p.telefono_oficina AS telefono, p.empresa_id, em.nombre AS empresa_nombre, pu.nombre AS puesto_nombre,
         p.sector_id, se.nombre AS sector_nombre, a.confirmacion, a.confirmation_code, a.invitacion_enviada_at
    FROM evento_asistentes a
    JOIN personas p ON p.id = a.persona_id
    LEFT JOIN empresas em ON em.id = p.empresa_id
    LEFT JOIN puestos pu ON pu.id = p.puesto_id
    LEFT JOIN sectores se ON se.id = p.sector_id`;

/**
 * Every query of internal events and their attendees. Seat assignments belong to the seating module:
 * seats are read and written through SeatingService, never here.
 */
@Injectable()
export class InternalEventsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.ds.manager;
  }

  async list(filters: { estado?: string; tipo?: string }): Promise<InternalEventRow[]> {
    return this.ds.query(
      `${EVENT_SELECT}
        WHERE ($1::text IS NULL OR e.estado = $1) AND ($2::text IS NULL OR e.tipo = $2)
        ORDER BY e.fecha_evento DESC, e.id DESC`,
      [filters.estado ?? null, filters.tipo ?? null],
    );
  }

  async findById(id: number, manager?: EntityManager): Promise<InternalEventRow | null> {
    const rows = await this.m(manager).query(`${EVENT_SELECT} WHERE e.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Only a canonical id within int4 (what IdParamPipe accepts) is read as an id; anything else ("01",
   * "2147483648") is a slug, and slugs always have a letter, so it matches nothing.
   */
  async findBySlugOrId(slugOrId: string): Promise<InternalEventRow | null> {
    const asId = /^[1-9][0-9]{0,9}$/.test(slugOrId) && Number(slugOrId) <= MAX_INT32;
    const rows = asId
      ? await this.ds.query(`${EVENT_SELECT} WHERE e.id = $1`, [Number(slugOrId)])
      : await this.ds.query(`${EVENT_SELECT} WHERE e.slug = $1`, [slugOrId]);
    return rows[0] ?? null;
  }

  async lockById(manager: EntityManager, id: number): Promise<{ id: number; estado: EstadoEventoInterno } | null> {
    const rows = await manager.query(`SELECT id, estado FROM eventos_internos WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async insert(manager: EntityManager, v: InternalEventValues & { slug: string; created_by: number | null }): Promise<number> {
    const [{ id }] = await manager.query(
      `INSERT INTO eventos_internos (slug, titulo, descripcion, fecha_evento, fecha_fin, ubicacion, tipo, estado, notas, created_by, aforo_maximo)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11) RETURNING id`,
      [
        v.slug,
        v.titulo,
        v.descripcion,
        v.fecha_evento,
        v.fecha_fin,
        v.ubicacion,
        v.tipo,
        v.estado,
        JSON.stringify(v.notas),
        v.created_by,
        v.aforo_maximo,
      ],
    );
    return id;
  }

  async update(manager: EntityManager, id: number, v: InternalEventValues): Promise<void> {
    await manager.query(
      `UPDATE eventos_internos SET titulo = $2, descripcion = $3, fecha_evento = $4, fecha_fin = $5, ubicacion = $6, tipo = $7,
              estado = $8, notas = $9::jsonb, aforo_maximo = $10, updated_at = now(), version = version + 1
        WHERE id = $1`,
      [id, v.titulo, v.descripcion, v.fecha_evento, v.fecha_fin, v.ubicacion, v.tipo, v.estado, JSON.stringify(v.notas), v.aforo_maximo],
    );
  }

  async setSeatSelection(manager: EntityManager, id: number, permite: boolean): Promise<void> {
    await manager.query(
      `UPDATE eventos_internos SET permite_seleccion_asiento = $2, updated_at = now(), version = version + 1 WHERE id = $1`,
      [id, permite],
    );
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM eventos_internos WHERE id = $1`, [id]);
  }

  /**
   * Moves the event's version and reads its counters, in the caller's transaction, after its change to
   * the attendees. The row lock taken here orders concurrent changes: counts pushed with a higher version
   * are never older. Called last in every transaction (attendee rows first, then the event: one lock order).
   */
  async bumpCounts(manager: EntityManager, id: number): Promise<VersionedInternalCounts> {
    const [row] = await manager.query(
      `WITH v AS (UPDATE eventos_internos SET version = version + 1 WHERE id = $1 RETURNING id, version)
       SELECT v.id AS evento_id, v.version::text AS version, c.*
         FROM v, LATERAL (SELECT ${COUNTS} FROM evento_asistentes a WHERE a.evento_interno_id = v.id) c`,
      [id],
    );
    return row;
  }

  async failedAttemptsSince(ids: number[], since: Date): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; n: number }> = await this.ds.query(
      `SELECT evento_interno_id AS id, count(*)::int AS n FROM confirmacion_intentos_fallidos
        WHERE evento_interno_id = ANY($1::int[]) AND created_at >= $2 GROUP BY evento_interno_id`,
      [ids, since],
    );
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  async recordFailedAttempt(eventId: number, ip: string | null): Promise<void> {
    await this.ds.query(`INSERT INTO confirmacion_intentos_fallidos (evento_interno_id, ip) VALUES ($1, $2)`, [eventId, ip]);
  }

  // ---------------------------------------------------------------- spaces of an event

  /**
   * The spaces of these events with their sections in order. How many seats each section has assigned is
   * seating's to say (SeatingService.assignedBySeccion): the caller adds it.
   */
  async espaciosOf(ids: number[], manager?: EntityManager): Promise<Map<number, EspacioRow[]>> {
    const out = new Map<number, EspacioRow[]>();
    if (ids.length === 0) return out;
    const rows: Array<{ evento_id: number } & EspacioRow> = await this.m(manager).query(
      `SELECT ee.evento_interno_id AS evento_id, es.id, es.nombre,
              COALESCE((SELECT json_agg(json_build_object(
                        'id', sc.id, 'nombre', sc.nombre, 'codigo', sc.codigo, 'color', sc.color,
                        'capacidad', sc.filas * sc.asientos_por_fila)
                        ORDER BY sc.orden, sc.id)
                 FROM secciones sc WHERE sc.espacio_id = es.id), '[]'::json) AS secciones
         FROM evento_espacios ee JOIN espacios es ON es.id = ee.espacio_id
        WHERE ee.evento_interno_id = ANY($1::int[])
        ORDER BY ee.created_at, es.id`,
      [ids],
    );
    for (const { evento_id, ...espacio } of rows) {
      const list = out.get(evento_id) ?? [];
      list.push(espacio);
      out.set(evento_id, list);
    }
    return out;
  }

  async activeEspacioExists(manager: EntityManager, espacioId: number): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM espacios WHERE id = $1 AND is_active FOR KEY SHARE`, [espacioId]);
    return rows.length === 1;
  }

  async currentEspacioIds(manager: EntityManager, eventId: number): Promise<number[]> {
    const rows: Array<{ espacio_id: number }> = await manager.query(
      `SELECT espacio_id FROM evento_espacios WHERE evento_interno_id = $1 ORDER BY created_at, espacio_id`,
      [eventId],
    );
    return rows.map((r) => r.espacio_id);
  }

  async replaceEspacio(manager: EntityManager, eventId: number, espacioId: number | null): Promise<void> {
    await manager.query(`DELETE FROM evento_espacios WHERE evento_interno_id = $1`, [eventId]);
    if (espacioId !== null) {
      await manager.query(`INSERT INTO evento_espacios (evento_interno_id, espacio_id) VALUES ($1, $2)`, [eventId, espacioId]);
    }
  }

  // ---------------------------------------------------------------- attendees

  async asistentes(eventId: number, manager?: EntityManager): Promise<AsistenteRow[]> {
    return this.m(manager).query(`${ASISTENTE_SELECT} WHERE a.evento_interno_id = $1 ORDER BY p.sort_key, p.id`, [eventId]);
  }

  async asistentesByIds(manager: EntityManager, eventId: number, personaIds: number[]): Promise<AsistenteRow[]> {
    return manager.query(`${ASISTENTE_SELECT} WHERE a.evento_interno_id = $1 AND a.persona_id = ANY($2::int[]) ORDER BY p.sort_key, p.id`, [
      eventId,
      personaIds,
    ]);
  }

  async asistente(eventId: number, personaId: number, manager?: EntityManager): Promise<AsistenteRow | null> {
    const rows = await this.m(manager).query(`${ASISTENTE_SELECT} WHERE a.evento_interno_id = $1 AND a.persona_id = $2`, [
      eventId,
      personaId,
    ]);
    return rows[0] ?? null;
  }

  /**
   * One set-based insert of many attendees with their codes (one statement, whatever the count).
   * Rows whose persona does not exist are dropped by the join; rows already invited or whose code
   * collides are dropped by ON CONFLICT (the caller retries those with fresh codes). Answers the ids inserted.
   */
  async insertAttendees(manager: EntityManager, eventId: number, personaIds: number[], codes: string[], createdBy: number | null) {
    const rows: Array<{ persona_id: number }> = await manager.query(
      `INSERT INTO evento_asistentes (evento_interno_id, persona_id, confirmacion, confirmation_code, created_by)
       SELECT $1, v.persona_id, 'pendiente', v.code, $4
         FROM unnest($2::int[], $3::text[]) AS v(persona_id, code)
         JOIN personas p ON p.id = v.persona_id
       ON CONFLICT DO NOTHING
       RETURNING persona_id`,
      [eventId, personaIds, codes, createdBy],
    );
    return rows.map((r) => r.persona_id);
  }

  /** Of these people, those who exist and are not yet invited to the event (the ones a retry still has to insert). */
  async notYetInvited(manager: EntityManager, eventId: number, personaIds: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await manager.query(
      `SELECT p.id FROM personas p
        WHERE p.id = ANY($2::int[])
          AND NOT EXISTS (SELECT 1 FROM evento_asistentes a WHERE a.evento_interno_id = $1 AND a.persona_id = p.id)`,
      [eventId, personaIds],
    );
    return rows.map((r) => r.id);
  }

  async removeAttendee(manager: EntityManager, eventId: number, personaId: number): Promise<boolean> {
    // As a CTE: the driver answers a bare DELETE … RETURNING as [rows, count].
    const rows = await manager.query(
      `WITH d AS (DELETE FROM evento_asistentes WHERE evento_interno_id = $1 AND persona_id = $2 RETURNING persona_id) SELECT * FROM d`,
      [eventId, personaId],
    );
    return rows.length === 1;
  }

  /**
   * People merged into one, step one: where several of them were invited to one event, the one who attended, then
   * the one with a seat (`seated`), then the one who confirmed, then the earliest in `people` (the survivor first)
   * keeps the invitation; the others are deleted (their seat with them: ON DELETE CASCADE). Answers the deleted.
   */
  releaseDuplicateInvitations(
    manager: EntityManager,
    people: number[],
    seated: Array<{ evento_interno_id: number; persona_id: number }>,
  ): Promise<Array<{ evento_interno_id: number; persona_id: number }>> {
    return manager.query(
      `WITH ranked AS (
         SELECT a.evento_interno_id, a.persona_id,
                row_number() OVER (PARTITION BY a.evento_interno_id
                  ORDER BY (a.confirmacion = 'asistio') DESC, (s.persona_id IS NOT NULL) DESC, (a.confirmacion = 'confirmado') DESC,
                           array_position($1::int[], a.persona_id)) AS rk
           FROM evento_asistentes a
           LEFT JOIN jsonb_to_recordset($2::jsonb) AS s (evento_interno_id int, persona_id int)
             ON s.evento_interno_id = a.evento_interno_id AND s.persona_id = a.persona_id
          WHERE a.persona_id = ANY($1::int[])
       ), d AS (
       DELETE FROM evento_asistentes a USING ranked r
        WHERE r.rk > 1 AND a.evento_interno_id = r.evento_interno_id AND a.persona_id = r.persona_id
       RETURNING a.evento_interno_id, a.persona_id)
       SELECT * FROM d`,
      [people, JSON.stringify(seated)],
    );
  }

  /** Step two: every remaining invitation of a merged person becomes the survivor's, code, confirmation and seat with it. Answers their events. */
  async moveInvitations(manager: EntityManager, survivor: number, merged: number[]): Promise<number[]> {
    const rows: Array<{ evento_interno_id: number }> = await manager.query(
      `WITH u AS (UPDATE evento_asistentes SET persona_id = $1 WHERE persona_id = ANY($2::int[]) RETURNING evento_interno_id) SELECT * FROM u`,
      [survivor, merged],
    );
    return rows.map((r) => r.evento_interno_id);
  }

  /**
   * Locks the invitations of these codes in one event, in persona order (the door, first thing in a scan): whose each
   * code is now. Waiting on a merge of people, it reads the invitation as the merge left it.
   */
  lockInvitationCodes(manager: EntityManager, eventId: number, codes: string[]): Promise<Array<{ code: string; persona_id: number }>> {
    return manager.query(
      `SELECT confirmation_code AS code, persona_id FROM evento_asistentes
        WHERE evento_interno_id = $1 AND confirmation_code = ANY($2::text[]) ORDER BY persona_id FOR UPDATE`,
      [eventId, codes],
    );
  }

  /** Locks every invitation of these people, by event then person (a merge of people, before it moves them). */
  async lockInvitationsOf(manager: EntityManager, people: number[]): Promise<void> {
    await manager.query(
      `SELECT 1 FROM evento_asistentes WHERE persona_id = ANY($1::int[]) ORDER BY evento_interno_id, persona_id FOR UPDATE`,
      [people],
    );
  }

  /** Locks the attendee row (attendee rows are always locked before the event row). */
  async lockAttendee(manager: EntityManager, eventId: number, personaId: number): Promise<{ confirmacion: Confirmacion } | null> {
    const rows = await manager.query(
      `SELECT confirmacion FROM evento_asistentes WHERE evento_interno_id = $1 AND persona_id = $2 FOR UPDATE`,
      [eventId, personaId],
    );
    return rows[0] ?? null;
  }

  async setConfirmacion(manager: EntityManager, eventId: number, personaId: number, confirmacion: Confirmacion): Promise<void> {
    await manager.query(
      `UPDATE evento_asistentes SET confirmacion = $3, updated_at = now(),
              confirmed_at = CASE WHEN $3 IN ('confirmado', 'asistio') THEN COALESCE(confirmed_at, now()) ELSE confirmed_at END
        WHERE evento_interno_id = $1 AND persona_id = $2`,
      [eventId, personaId, confirmacion],
    );
  }

  /**
   * The public confirmation in one statement: only an invitation still waiting moves to 'confirmado'.
   * Concurrent confirmations of one code queue on the row; the first wins, the rest find it confirmed.
   */
  async confirmByCode(manager: EntityManager, eventId: number, code: string): Promise<number | null> {
    const rows: Array<{ persona_id: number }> = await manager.query(
      `WITH u AS (
         UPDATE evento_asistentes SET confirmacion = 'confirmado', confirmed_at = now(), updated_at = now()
          WHERE evento_interno_id = $1 AND confirmation_code = $2 AND confirmacion NOT IN ('confirmado', 'asistio')
          RETURNING persona_id)
       SELECT persona_id FROM u`,
      [eventId, code],
    );
    return rows[0]?.persona_id ?? null;
  }

  async findByCode(eventId: number, code: string): Promise<{ persona_id: number; nombre: string } | null> {
    const rows = await this.ds.query(
      `SELECT a.persona_id, p.nombre FROM evento_asistentes a JOIN personas p ON p.id = a.persona_id
        WHERE a.evento_interno_id = $1 AND a.confirmation_code = $2`,
      [eventId, code],
    );
    return rows[0] ?? null;
  }

  /** The door: attendees by code or id, with their names. */
  async doorHolders(
    eventId: number,
    by: { code?: string; ids?: number[] },
  ): Promise<Array<{ id: number; nombre: string; apellido_paterno: string; apellido_materno: string }>> {
    return this.ds.query(
      `SELECT p.id, p.nombre, p.apellido_paterno, p.apellido_materno FROM evento_asistentes a JOIN personas p ON p.id = a.persona_id
        WHERE a.evento_interno_id = $1 AND ($2::text IS NULL OR a.confirmation_code = $2) AND ($3::int[] IS NULL OR a.persona_id = ANY($3::int[]))`,
      [eventId, by.code ?? null, by.ids ?? null],
    );
  }

  /** Every invitation's code: an invited person may come in, whatever they answered. */
  async doorCodes(eventId: number): Promise<Array<{ code: string; holder_id: number }>> {
    return this.ds.query(`SELECT confirmation_code AS code, persona_id AS holder_id FROM evento_asistentes WHERE evento_interno_id = $1`, [
      eventId,
    ]);
  }

  async personaNombre(manager: EntityManager, personaId: number): Promise<string> {
    const [row] = await manager.query(`SELECT nombre FROM personas WHERE id = $1`, [personaId]);
    return row?.nombre ?? '';
  }

  /** People not yet invited, one page in the people list's order, matching every word (name, e-mail, phone). */
  async availablePersonas(
    eventId: number,
    words: string[],
    page: number,
    perPage: number,
  ): Promise<{ rows: PersonaDisponibleRow[]; total: number }> {
    const params: unknown[] = [eventId];
    const clauses = [`NOT EXISTS (SELECT 1 FROM evento_asistentes a WHERE a.evento_interno_id = $1 AND a.persona_id = p.id)`];
    for (const w of words) {
      params.push(contains(w));
      clauses.push(`p.search_text LIKE $${params.length}`);
    }
    const where = `WHERE ${clauses.join(' AND ')}`;
    const [[{ total }], rows] = await Promise.all([
      this.ds.query(`SELECT count(*)::int AS total FROM personas p ${where}`, params),
      this.ds.query(
        `SELECT p.id, p.nombre, p.apellido_paterno, p.apellido_materno, p.correo_electronico, em.nombre AS empresa, pu.nombre AS puesto
           FROM (SELECT p.id, p.sort_key FROM personas p ${where} ORDER BY p.sort_key, p.id
                  LIMIT $${params.length + 1} OFFSET $${params.length + 2}) pg
           JOIN personas p ON p.id = pg.id
           LEFT JOIN empresas em ON em.id = p.empresa_id
           LEFT JOIN puestos pu ON pu.id = p.puesto_id
          ORDER BY pg.sort_key, pg.id`,
        [...params, perPage, (page - 1) * perPage],
      ),
    ]);
    return { rows, total };
  }

  async sectores(): Promise<Array<{ id: number; nombre: string }>> {
    return this.ds.query(`SELECT id, nombre FROM sectores ORDER BY nombre`);
  }

  async empresas(): Promise<Array<{ id: number; nombre: string }>> {
    return this.ds.query(`SELECT id, nombre FROM empresas ORDER BY nombre`);
  }
}
