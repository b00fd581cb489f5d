import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Confirmacion, SeatRef } from '@shared/contracts/internal-events.contract';
import type {
  MassAssignmentFailure,
  MassAssignmentStatus,
  SeatingAssignment,
  SeatingEspacio,
  SeatingPersona,
  SeatingSeccion,
} from '@shared/contracts/seating.contract';

/** An assignment as read: the person's columns flat (SeatingPersona without its id, which is persona_id). */
export interface AssignmentRow extends Omit<SeatingPersona, 'id'> {
  id: number;
  asiento_id: number;
  persona_id: number;
  confirmacion: Confirmacion;
  asignacion_masiva_id: string | null;
}

export interface MassRow {
  id: string;
  evento_interno_id: number;
  seccion_id: number;
  persona_ids: number[];
  status: MassAssignmentStatus;
  processed: number;
  assigned_count: number;
  failed_count: number;
  message: string | null;
  failure_reasons: MassAssignmentFailure[];
  created_by: number | null;
  created_at: Date;
  finished_at: Date | null;
  undone_at: Date | null;
  released_count: number | null;
}

/** A released assignment: [assignment id, seat id, persona id] on the wire (SeatingDelta.released). */
export interface ReleasedRow {
  id: number;
  asiento_id: number;
  persona_id: number;
}

/** An attendee's seat with its section, as read for the event's page. */
export interface AttendeeSeatRow {
  persona_id: number;
  asignacion_id: number;
  asiento_id: number;
  codigo: string;
  seccion_id: number;
  seccion_nombre: string;
  seccion_codigo: string;
  seccion_color: string;
}

/** An attendee's seat as the event's page shows it: '{seccion.codigo}-{seat code}'. */
export const toSeatRef = (r: Omit<AttendeeSeatRow, 'persona_id'>): SeatRef => ({
  asignacion_id: r.asignacion_id,
  asiento_id: r.asiento_id,
  codigo: r.codigo,
  displayCode: `${r.seccion_codigo}-${r.codigo}`,
  seccion: { id: r.seccion_id, nombre: r.seccion_nombre, codigo: r.seccion_codigo, color: r.seccion_color },
});

export const toAssignment = (r: AssignmentRow): SeatingAssignment => ({
  id: r.id,
  asiento_id: r.asiento_id,
  persona: {
    id: r.persona_id,
    nombre_completo: r.nombre_completo,
    empresa_id: r.empresa_id,
    empresa: r.empresa,
    puesto: r.puesto,
    sector_id: r.sector_id,
    sector: r.sector,
  },
  estado: 'asignado',
  attendance_status: r.confirmacion,
  asignacion_masiva_id: r.asignacion_masiva_id,
});

const ASSIGNMENT_SELECT = `
  SELECT aa.id, aa.asiento_id, aa.persona_id, aa.asignacion_masiva_id, ea.confirmacion,
         trim(concat_ws(' ', p.nombre, p.apellido_paterno, p.apellido_materno)) AS nombre_completo,
         p.empresa_id, em.nombre AS empresa, pu.nombre AS puesto, p.sector_id, se.nombre AS sector
    FROM asiento_asignaciones aa
    JOIN evento_asistentes ea ON ea.evento_interno_id = aa.evento_interno_id AND ea.persona_id = aa.persona_id
    JOIN personas p ON p.id = aa.persona_id
    LEFT JOIN empresas em ON em.id = p.empresa_id
    LEFT JOIN puestos pu ON pu.id = p.puesto_id
    LEFT JOIN sectores se ON se.id = p.sector_id`;

/**
 * The seating order of a section for one event (spec 2 §4, same as auto-assign): front rows first,
 * then from the centre of the row outwards, left before right on a tie.
 */
const SEAT_ORDER = `s.fila, abs(2 * s.numero - (sc.asientos_por_fila + 1)), s.numero`;

/** Seating map reads and writes. Every rule that must hold under concurrency is a constraint or one statement. */
@Injectable()
export class SeatingRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.ds.manager;
  }

  async event(id: number, manager?: EntityManager): Promise<{ id: number; titulo: string; fecha_evento: Date; estado: string } | null> {
    const rows = await this.m(manager).query(`SELECT id, titulo, fecha_evento, estado FROM eventos_internos WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * The event's spaces with their sections in layout order, each section's seat ids in row-major order
   * (null where no seat is stored). One statement whatever the number of seats.
   */
  async espacios(eventId: number): Promise<SeatingEspacio[]> {
    const rows: Array<
      Omit<SeatingSeccion, 'seat_ids'> & {
        espacio_id: number;
        espacio_nombre: string;
        layout_config: string | null;
        seat_ids: Array<number | null> | null;
      }
    > = await this.ds.query(
      `SELECT e.id AS espacio_id, e.nombre AS espacio_nombre, e.layout_config,
              sc.id, sc.nombre, sc.codigo, sc.color, sc.orden, sc.filas, sc.asientos_por_fila,
              (SELECT array_agg(s.id ORDER BY g)
                 FROM generate_series(0, sc.filas * sc.asientos_por_fila - 1) g
                 LEFT JOIN asientos s ON s.seccion_id = sc.id AND s.fila = g / sc.asientos_por_fila + 1
                                     AND s.numero = g % sc.asientos_por_fila + 1) AS seat_ids
         FROM evento_espacios ee
         JOIN espacios e ON e.id = ee.espacio_id
         JOIN secciones sc ON sc.espacio_id = e.id
        WHERE ee.evento_interno_id = $1
        ORDER BY ee.created_at, e.id, sc.orden, sc.id`,
      [eventId],
    );
    const out: SeatingEspacio[] = [];
    for (const r of rows) {
      let e = out[out.length - 1];
      if (!e || e.id !== r.espacio_id) {
        e = { id: r.espacio_id, nombre: r.espacio_nombre, layout_config: r.layout_config, capacidad_total: 0, secciones: [] };
        out.push(e);
      }
      e.capacidad_total += r.filas * r.asientos_por_fila;
      e.secciones.push({
        id: r.id,
        nombre: r.nombre,
        codigo: r.codigo,
        color: r.color,
        orden: r.orden,
        filas: r.filas,
        asientos_por_fila: r.asientos_por_fila,
        seat_ids: r.seat_ids ?? [],
      });
    }
    return out;
  }

  async assignments(eventId: number): Promise<AssignmentRow[]> {
    return this.ds.query(`${ASSIGNMENT_SELECT} WHERE aa.evento_interno_id = $1 ORDER BY aa.id`, [eventId]);
  }

  async assignmentsByIds(manager: EntityManager, ids: number[]): Promise<AssignmentRow[]> {
    if (ids.length === 0) return [];
    return manager.query(`${ASSIGNMENT_SELECT} WHERE aa.id = ANY($1::int[]) ORDER BY aa.id`, [ids]);
  }

  async version(eventId: number, manager?: EntityManager): Promise<string> {
    const rows = await this.m(manager).query(`SELECT version::text AS v FROM evento_asientos_version WHERE evento_interno_id = $1`, [
      eventId,
    ]);
    return rows[0]?.v ?? '0';
  }

  /** The event's next seating version. Called last in a change's transaction, so it holds the row only until commit. */
  async bumpVersion(manager: EntityManager, eventId: number): Promise<string> {
    const [row] = await manager.query(
      `INSERT INTO evento_asientos_version (evento_interno_id, version) VALUES ($1, 1)
       ON CONFLICT (evento_interno_id) DO UPDATE SET version = evento_asientos_version.version + 1
       RETURNING version::text AS v`,
      [eventId],
    );
    return row.v;
  }

  /** A seat as the event's detail page shows it (internal events' SeatRef). */
  async seatRef(manager: EntityManager, asientoId: number, assignmentId: number): Promise<SeatRef> {
    const [r] = await manager.query(
      `SELECT s.codigo, sc.id AS seccion_id, sc.nombre AS seccion_nombre, sc.codigo AS seccion_codigo, sc.color AS seccion_color
         FROM asientos s JOIN secciones sc ON sc.id = s.seccion_id WHERE s.id = $1`,
      [asientoId],
    );
    return toSeatRef({ ...r, asiento_id: asientoId, asignacion_id: assignmentId });
  }

  /** The seat, if it is in one of the event's spaces. */
  async seatOfEvent(manager: EntityManager, eventId: number, asientoId: number): Promise<{ id: number } | null> {
    const rows = await manager.query(
      `SELECT s.id FROM asientos s JOIN evento_espacios ee ON ee.espacio_id = s.espacio_id AND ee.evento_interno_id = $1 WHERE s.id = $2`,
      [eventId, asientoId],
    );
    return rows[0] ?? null;
  }

  async seccionOfEvent(manager: EntityManager, eventId: number, seccionId: number): Promise<{ id: number; free: number } | null> {
    const rows = await manager.query(
      `SELECT sc.id,
              (SELECT count(*)::int FROM asientos s WHERE s.seccion_id = sc.id
                 AND NOT EXISTS (SELECT 1 FROM asiento_asignaciones aa WHERE aa.evento_interno_id = $1 AND aa.asiento_id = s.id)) AS free
         FROM secciones sc JOIN evento_espacios ee ON ee.espacio_id = sc.espacio_id AND ee.evento_interno_id = $1
        WHERE sc.id = $2`,
      [eventId, seccionId],
    );
    return rows[0] ?? null;
  }

  /**
   * The first free seat of the section for this event (none if the section is not in the event's spaces): front rows first, then from the centre of the
   * row outwards (left before right on a tie). Locked with SKIP LOCKED so concurrent auto-assignments
   * take different seats instead of queueing on the same one.
   */
  async lockFirstFreeSeat(manager: EntityManager, eventId: number, seccionId: number): Promise<number | null> {
    const rows = await manager.query(
      `SELECT s.id FROM asientos s
         JOIN secciones sc ON sc.id = s.seccion_id
         JOIN evento_espacios ee ON ee.espacio_id = sc.espacio_id AND ee.evento_interno_id = $1
        WHERE s.seccion_id = $2
          AND NOT EXISTS (SELECT 1 FROM asiento_asignaciones aa WHERE aa.evento_interno_id = $1 AND aa.asiento_id = s.id)
        ORDER BY s.fila, abs(2 * s.numero - (sc.asientos_por_fila + 1)), s.numero
        LIMIT 1
        FOR UPDATE OF s SKIP LOCKED`,
      [eventId, seccionId],
    );
    return rows[0]?.id ?? null;
  }

  /** Whether the person already holds a seat in this event. */
  async personSeated(manager: EntityManager, eventId: number, personaId: number): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM asiento_asignaciones WHERE evento_interno_id = $1 AND persona_id = $2`, [
      eventId,
      personaId,
    ]);
    return rows.length > 0;
  }

  /** Which of these people hold a seat, and in which events. */
  seatedPeople(manager: EntityManager, personaIds: number[]): Promise<Array<{ evento_interno_id: number; persona_id: number }>> {
    return manager.query(`SELECT evento_interno_id, persona_id FROM asiento_asignaciones WHERE persona_id = ANY($1::int[])`, [personaIds]);
  }

  /** How many seats the person holds in these events. */
  async countSeatsOf(manager: EntityManager, personaId: number, eventIds: number[]): Promise<number> {
    if (eventIds.length === 0) return 0;
    const [{ seats }] = await manager.query(
      `SELECT count(*)::int AS seats FROM asiento_asignaciones WHERE persona_id = $1 AND evento_interno_id = ANY($2::int[])`,
      [personaId, eventIds],
    );
    return seats;
  }

  async isAttendee(manager: EntityManager, eventId: number, personaId: number): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM evento_asistentes WHERE evento_interno_id = $1 AND persona_id = $2`, [
      eventId,
      personaId,
    ]);
    return rows.length > 0;
  }

  /**
   * One assignment. The two UNIQUE constraints decide races (the statement waits for a concurrent
   * holder of the same seat or person and then does nothing): null when the seat or the person is taken.
   */
  async insertAssignment(
    manager: EntityManager,
    eventId: number,
    asientoId: number,
    personaId: number,
    createdBy: number | null,
  ): Promise<number | null> {
    const rows = await manager.query(
      `INSERT INTO asiento_asignaciones (evento_interno_id, asiento_id, persona_id, created_by)
       VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`,
      [eventId, asientoId, personaId, createdBy],
    );
    return rows[0]?.id ?? null;
  }

  /** Who holds the seat and which seat the person holds (to say which constraint refused an assignment). */
  async holders(manager: EntityManager, eventId: number, asientoId: number, personaId: number) {
    const [row] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM asiento_asignaciones WHERE evento_interno_id = $1 AND asiento_id = $2) AS seat_taken,
              EXISTS (SELECT 1 FROM asiento_asignaciones WHERE evento_interno_id = $1 AND persona_id = $3) AS person_seated`,
      [eventId, asientoId, personaId],
    );
    return row as { seat_taken: boolean; person_seated: boolean };
  }

  async deleteAssignment(manager: EntityManager, eventId: number, assignmentId: number): Promise<ReleasedRow | null> {
    const rows = await manager.query(
      `WITH d AS (DELETE FROM asiento_asignaciones WHERE id = $2 AND evento_interno_id = $1 RETURNING id, asiento_id, persona_id)
       SELECT * FROM d`,
      [eventId, assignmentId],
    );
    return rows[0] ?? null;
  }

  /** Frees every seat of the event (its space is changing); answers what was released. */
  async deleteAllAssignments(manager: EntityManager, eventId: number): Promise<ReleasedRow[]> {
    return manager.query(
      `WITH d AS (DELETE FROM asiento_asignaciones WHERE evento_interno_id = $1 RETURNING id, asiento_id, persona_id)
       SELECT * FROM d ORDER BY id`,
      [eventId],
    );
  }

  /** Frees the person's seat in the event, if any (they stop being an attendee). */
  async deleteAssignmentOf(manager: EntityManager, eventId: number, personaId: number): Promise<ReleasedRow[]> {
    return manager.query(
      `WITH d AS (DELETE FROM asiento_asignaciones WHERE evento_interno_id = $1 AND persona_id = $2 RETURNING id, asiento_id, persona_id)
       SELECT * FROM d`,
      [eventId, personaId],
    );
  }

  async countAssignments(manager: EntityManager, eventId: number): Promise<number> {
    const [{ n }] = await manager.query(`SELECT count(*)::int AS n FROM asiento_asignaciones WHERE evento_interno_id = $1`, [eventId]);
    return n;
  }

  /** The seats of these attendees (all of the event's when `personaIds` is null), as the event's page shows them. */
  async seatsOfAttendees(eventId: number, personaIds: number[] | null, manager?: EntityManager): Promise<AttendeeSeatRow[]> {
    return this.m(manager).query(
      `SELECT aa.persona_id, aa.id AS asignacion_id, s.id AS asiento_id, s.codigo, sc.id AS seccion_id, sc.nombre AS seccion_nombre,
              sc.codigo AS seccion_codigo, sc.color AS seccion_color
         FROM asiento_asignaciones aa
         JOIN asientos s ON s.id = aa.asiento_id
         JOIN secciones sc ON sc.id = s.seccion_id
        WHERE aa.evento_interno_id = $1 AND ($2::int[] IS NULL OR aa.persona_id = ANY($2::int[]))`,
      [eventId, personaIds],
    );
  }

  /** Seats assigned per section, for each of these events. */
  async assignedBySeccion(
    eventIds: number[],
    manager?: EntityManager,
  ): Promise<Array<{ evento_id: number; seccion_id: number; n: number }>> {
    if (eventIds.length === 0) return [];
    return this.m(manager).query(
      `SELECT aa.evento_interno_id AS evento_id, s.seccion_id, count(*)::int AS n
         FROM asiento_asignaciones aa JOIN asientos s ON s.id = aa.asiento_id
        WHERE aa.evento_interno_id = ANY($1::int[])
        GROUP BY aa.evento_interno_id, s.seccion_id`,
      [eventIds],
    );
  }

  /** How many of these seats are held in some event. */
  async countHeldSeats(asientoIds: number[]): Promise<number> {
    if (asientoIds.length === 0) return 0;
    const [{ n }] = await this.ds.query(
      `SELECT count(*)::int AS n FROM asientos s WHERE s.id = ANY($1::int[])
          AND EXISTS (SELECT 1 FROM asiento_asignaciones aa WHERE aa.asiento_id = s.id)`,
      [asientoIds],
    );
    return n;
  }

  /** The first section (by order) of the event's space that still has a free seat for this event. */
  async firstSeccionWithFreeSeat(manager: EntityManager, eventId: number): Promise<number | null> {
    const rows = await manager.query(
      `SELECT sc.id FROM secciones sc JOIN evento_espacios ee ON ee.espacio_id = sc.espacio_id
        WHERE ee.evento_interno_id = $1
          AND EXISTS (SELECT 1 FROM asientos s WHERE s.seccion_id = sc.id
                        AND NOT EXISTS (SELECT 1 FROM asiento_asignaciones aa WHERE aa.evento_interno_id = $1 AND aa.asiento_id = s.id))
        ORDER BY sc.orden, sc.id LIMIT 1`,
      [eventId],
    );
    return rows[0]?.id ?? null;
  }

  // ------------------------------------------------------------- mass assignments

  async insertMass(
    manager: EntityManager,
    v: { id: string; eventId: number; seccionId: number; personaIds: number[]; createdBy: number | null },
  ): Promise<MassRow> {
    const [row] = await manager.query(
      `INSERT INTO asignaciones_masivas (id, evento_interno_id, seccion_id, persona_ids, created_by)
       VALUES ($1, $2, $3, $4::int[], $5) RETURNING *`,
      [v.id, v.eventId, v.seccionId, v.personaIds, v.createdBy],
    );
    return row;
  }

  async findMass(id: string, manager?: EntityManager): Promise<MassRow | null> {
    const rows = await this.m(manager).query(`SELECT * FROM asignaciones_masivas WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async lockMass(manager: EntityManager, id: string): Promise<MassRow | null> {
    const rows = await manager.query(`SELECT * FROM asignaciones_masivas WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async lastMass(eventId: number, manager?: EntityManager): Promise<MassRow | null> {
    const rows = await this.m(manager).query(
      `SELECT * FROM asignaciones_masivas WHERE evento_interno_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [eventId],
    );
    return rows[0] ?? null;
  }

  async setMassProgress(manager: EntityManager, id: string, status: MassAssignmentStatus, processed: number): Promise<void> {
    await manager.query(`UPDATE asignaciones_masivas SET status = $2, processed = $3 WHERE id = $1`, [id, status, processed]);
  }

  /**
   * The people of a mass assignment in placing order: people of the same company together (companies in
   * the order their first person was chosen; people without a company each on their own), then as chosen.
   */
  async placingOrder(manager: EntityManager, personaIds: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await manager.query(
      `SELECT u.id FROM (
         SELECT u.id, u.ord, min(u.ord) OVER (PARTITION BY coalesce(p.empresa_id, -u.id)) AS grp
           FROM unnest($1::int[]) WITH ORDINALITY AS u(id, ord) LEFT JOIN personas p ON p.id = u.id) u
        ORDER BY u.grp, u.ord`,
      [personaIds],
    );
    return rows.map((r) => r.id);
  }

  /**
   * One pass of a mass-assignment batch, in ONE statement: the batch's attendees still without a seat
   * (in placing order), the first free seats of the section in seating order, laid out left to right row
   * by row so a company's people sit side by side, inserted with ON CONFLICT DO NOTHING: the UNIQUE
   * constraints decide, and a seat or person taken meanwhile by someone else is left for the next pass.
   * The seat rows themselves are not locked: they are shared by every event on the space, and a lock
   * here would make another event's assignment skip seats that are free for it.
   * Answers the assignment ids written and whether the section ran out of free seats.
   */
  async placeBatch(
    manager: EntityManager,
    v: { eventId: number; seccionId: number; personaIds: number[]; massId: string; createdBy: number | null },
  ): Promise<{ ids: number[]; exhausted: boolean }> {
    const [row]: Array<{ ids: number[] | null; exhausted: boolean }> = await manager.query(
      `WITH people AS MATERIALIZED (
         SELECT u.id AS persona_id, row_number() OVER (ORDER BY u.ord) AS rn
           FROM unnest($3::int[]) WITH ORDINALITY AS u(id, ord)
           JOIN evento_asistentes ea ON ea.evento_interno_id = $1 AND ea.persona_id = u.id
          WHERE NOT EXISTS (SELECT 1 FROM asiento_asignaciones aa WHERE aa.evento_interno_id = $1 AND aa.persona_id = u.id)
       ),
       free AS MATERIALIZED (
         SELECT s.id, s.fila, s.numero
           FROM asientos s JOIN secciones sc ON sc.id = s.seccion_id
          WHERE s.seccion_id = $2
            AND NOT EXISTS (SELECT 1 FROM asiento_asignaciones aa WHERE aa.evento_interno_id = $1 AND aa.asiento_id = s.id)
          ORDER BY ${SEAT_ORDER}
          LIMIT (SELECT count(*) FROM people)
       ),
       seats AS (SELECT id, row_number() OVER (ORDER BY fila, numero) AS rn FROM free),
       ins AS (
         INSERT INTO asiento_asignaciones (evento_interno_id, asiento_id, persona_id, asignacion_masiva_id, created_by)
         SELECT $1, seats.id, people.persona_id, $4, $5 FROM people JOIN seats USING (rn)
         ON CONFLICT DO NOTHING
         RETURNING id
       )
       SELECT (SELECT array_agg(id ORDER BY id) FROM ins) AS ids,
              (SELECT count(*) FROM free) < (SELECT count(*) FROM people) AS exhausted`,
      [v.eventId, v.seccionId, v.personaIds, v.massId, v.createdBy],
    );
    return { ids: row.ids ?? [], exhausted: row.exhausted };
  }

  /**
   * First statement of a batch's transaction: one run of the mass assignment at a time (a duplicate delivery
   * waits for the batch in progress instead of deadlocking with it), and the batch's attendee rows held
   * FOR KEY SHARE before any seat is written, so an attendee locked by a status change is waited for while
   * this transaction holds nothing yet.
   */
  async lockBatch(manager: EntityManager, massId: string, eventId: number, personaIds: number[]): Promise<void> {
    await manager.query(`SELECT 1 FROM asignaciones_masivas WHERE id = $1 FOR UPDATE`, [massId]);
    await manager.query(
      `SELECT 1 FROM evento_asistentes WHERE evento_interno_id = $1 AND persona_id = ANY($2::int[]) ORDER BY persona_id FOR KEY SHARE`,
      [eventId, personaIds],
    );
  }

  /**
   * The result, read from the assignments themselves (exact after any retry): how many of the chosen people
   * hold a seat given by this mass assignment, and why each of the others has none.
   */
  async completeMass(manager: EntityManager, mass: MassRow, reasonsLimit: number): Promise<MassRow> {
    const failures: Array<MassAssignmentFailure & { total: number }> = await manager.query(
      `WITH chosen AS (SELECT DISTINCT u.id FROM unnest($3::int[]) u(id)),
       failed AS (
         SELECT c.id AS persona_id,
                coalesce(trim(concat_ws(' ', p.nombre, p.apellido_paterno, p.apellido_materno)), '') AS nombre,
                CASE
                  WHEN p.id IS NULL THEN 'La persona no existe.'
                  WHEN ea.persona_id IS NULL THEN 'La persona no es asistente de este evento.'
                  WHEN aa.id IS NOT NULL THEN 'La persona ya tenía un asiento asignado en este evento.'
                  ELSE 'No hay asientos disponibles en la sección.'
                END AS motivo
           FROM chosen c
           LEFT JOIN personas p ON p.id = c.id
           LEFT JOIN evento_asistentes ea ON ea.evento_interno_id = $1 AND ea.persona_id = c.id
           LEFT JOIN asiento_asignaciones aa ON aa.evento_interno_id = $1 AND aa.persona_id = c.id
          WHERE aa.asignacion_masiva_id IS DISTINCT FROM $2::uuid
       )
       SELECT f.*, count(*) OVER ()::int AS total FROM failed f ORDER BY f.persona_id LIMIT $4`,
      [mass.evento_interno_id, mass.id, mass.persona_ids, reasonsLimit],
    );
    const [{ assigned }] = await manager.query(
      `SELECT count(*)::int AS assigned FROM asiento_asignaciones WHERE evento_interno_id = $1 AND asignacion_masiva_id = $2`,
      [mass.evento_interno_id, mass.id],
    );
    const failed = failures[0]?.total ?? 0;
    const message =
      assigned === 0
        ? 'No se pudieron asignar las personas'
        : failed > 0
          ? `Se asignaron ${assigned} personas exitosamente. ${failed} no pudieron ser asignadas.`
          : `Se asignaron ${assigned} personas exitosamente.`;
    const reasons = failures.map(({ persona_id, nombre, motivo }) => ({ persona_id, nombre, motivo }));
    const [row] = await manager.query(
      `WITH u AS (UPDATE asignaciones_masivas
          SET status = 'completed', processed = cardinality(persona_ids), assigned_count = $2, failed_count = $3,
              message = $4, failure_reasons = $5::jsonb, finished_at = now()
        WHERE id = $1 RETURNING *) SELECT * FROM u`,
      [mass.id, assigned, failed, message, JSON.stringify(reasons)],
    );
    return row;
  }

  async failMass(id: string, message: string): Promise<MassRow | null> {
    const rows = await this.ds.query(
      `WITH u AS (UPDATE asignaciones_masivas SET status = 'failed', message = $2, finished_at = now()
        WHERE id = $1 AND status IN ('queued', 'processing') RETURNING *) SELECT * FROM u`,
      [id, message],
    );
    return rows[0] ?? null;
  }

  /** Releases exactly the seats the mass assignment gave that are still held under it (same seat, same person). */
  async undoMass(manager: EntityManager, mass: MassRow): Promise<ReleasedRow[]> {
    const released: ReleasedRow[] = await manager.query(
      `WITH d AS (DELETE FROM asiento_asignaciones WHERE evento_interno_id = $1 AND asignacion_masiva_id = $2
                  RETURNING id, asiento_id, persona_id)
       SELECT * FROM d`,
      [mass.evento_interno_id, mass.id],
    );
    await manager.query(`UPDATE asignaciones_masivas SET undone_at = now(), released_count = $2 WHERE id = $1`, [mass.id, released.length]);
    return released;
  }
}
