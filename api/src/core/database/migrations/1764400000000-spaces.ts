import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spaces (seating-layout templates): espacios → secciones → asientos, the events that use a space and
 * the seat assignments (table contract shared with the internal-events branch, which adds the foreign
 * keys to eventos_internos and evento_asistentes in its own migration).
 */
export class Spaces1764400000000 implements MigrationInterface {
  name = 'Spaces1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE espacios (
        id serial PRIMARY KEY,
        nombre varchar(150) NOT NULL,
        descripcion text,
        layout_config varchar(100),
        pasillos jsonb NOT NULL DEFAULT '[]'::jsonb,
        is_active boolean NOT NULL DEFAULT true,
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version bigint NOT NULL DEFAULT 1
      )`);

    await q.query(`
      CREATE TABLE secciones (
        id serial PRIMARY KEY,
        espacio_id integer NOT NULL REFERENCES espacios (id) ON DELETE CASCADE,
        nombre varchar(100) NOT NULL,
        codigo varchar(10) NOT NULL,
        color char(7) NOT NULL,
        orden integer NOT NULL,
        filas smallint NOT NULL CHECK (filas BETWEEN 1 AND 100),
        asientos_por_fila smallint NOT NULL CHECK (asientos_por_fila BETWEEN 1 AND 100),
        posicion_x integer NOT NULL DEFAULT 0,
        posicion_y integer NOT NULL DEFAULT 0,
        precio_base numeric(10, 2),
        CONSTRAINT secciones_espacio_codigo_key UNIQUE (espacio_id, codigo)
      )`);

    // Seat codes may move between kept seats when a space is edited (sections reordered, layout changed):
    // the code's uniqueness is checked at the end of the statement that rewrites them (DEFERRABLE,
    // INITIALLY IMMEDIATE), not row by row.
    await q.query(`
      CREATE TABLE asientos (
        id serial PRIMARY KEY,
        seccion_id integer NOT NULL REFERENCES secciones (id) ON DELETE CASCADE,
        espacio_id integer NOT NULL REFERENCES espacios (id) ON DELETE CASCADE,
        fila smallint NOT NULL,
        numero smallint NOT NULL,
        codigo varchar(20) NOT NULL,
        CONSTRAINT asientos_seccion_fila_numero_key UNIQUE (seccion_id, fila, numero),
        CONSTRAINT asientos_espacio_codigo_key UNIQUE (espacio_id, codigo) DEFERRABLE INITIALLY IMMEDIATE
      )`);

    await q.query(`
      CREATE TABLE evento_espacios (
        evento_interno_id integer NOT NULL,
        espacio_id integer NOT NULL REFERENCES espacios (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (evento_interno_id, espacio_id)
      )`);
    await q.query(`CREATE INDEX evento_espacios_espacio_idx ON evento_espacios (espacio_id)`);

    await q.query(`
      CREATE TABLE asiento_asignaciones (
        id serial PRIMARY KEY,
        evento_interno_id integer NOT NULL,
        asiento_id integer NOT NULL REFERENCES asientos (id) ON DELETE RESTRICT,
        persona_id integer NOT NULL,
        asignacion_masiva_id uuid,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT asiento_asignaciones_evento_asiento_key UNIQUE (evento_interno_id, asiento_id),
        CONSTRAINT asiento_asignaciones_evento_persona_key UNIQUE (evento_interno_id, persona_id)
      )`);
    // The restrict check on seat deletion looks assignments up by seat.
    await q.query(`CREATE INDEX asiento_asignaciones_asiento_idx ON asiento_asignaciones (asiento_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS asiento_asignaciones`);
    await q.query(`DROP TABLE IF EXISTS evento_espacios`);
    await q.query(`DROP TABLE IF EXISTS asientos`);
    await q.query(`DROP TABLE IF EXISTS secciones`);
    await q.query(`DROP TABLE IF EXISTS espacios`);
  }
}
