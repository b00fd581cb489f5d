import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Internal events (spec 2 §3): the events, their invited attendees with a 5-character confirmation
 * code each, and the failed public confirmations (what staff look at when someone guesses codes).
 * Then the foreign keys of the seating tables that point here (docs/SCHEMA-seating contract): the
 * spaces migration (1764400000000) creates those tables; if it has not run, they are skipped.
 */
export class InternalEvents1764500000000 implements MigrationInterface {
  name = 'InternalEvents1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE eventos_internos (
        id serial PRIMARY KEY,
        slug varchar(80) NOT NULL,
        titulo varchar(200) NOT NULL,
        descripcion text,
        fecha_evento timestamptz NOT NULL,
        fecha_fin timestamptz,
        ubicacion varchar(300),
        tipo text NOT NULL DEFAULT 'reunion',
        estado text NOT NULL DEFAULT 'borrador',
        notas jsonb NOT NULL DEFAULT '[]'::jsonb,
        permite_seleccion_asiento boolean NOT NULL DEFAULT false,
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- Grows with every change of the event or its attendees: pushed counts carry it, older ones are ignored.
        version bigint NOT NULL DEFAULT 1,
        CONSTRAINT eventos_internos_tipo_check CHECK (tipo IN ('reunion', 'presentacion', 'conferencia', 'taller', 'otro')),
        CONSTRAINT eventos_internos_estado_check CHECK (estado IN ('borrador', 'confirmado', 'cancelado', 'completado')),
        CONSTRAINT eventos_internos_fechas_check CHECK (fecha_fin IS NULL OR fecha_fin >= fecha_evento),
        -- A slug always has a letter, so '/evento-interno/123' is always the id.
        CONSTRAINT eventos_internos_slug_check CHECK (slug ~ '^[a-z0-9-]{1,80}$' AND slug ~ '[a-z]')
      )`);
    await q.query(`CREATE UNIQUE INDEX eventos_internos_slug_key ON eventos_internos (slug)`);
    await q.query(`CREATE INDEX eventos_internos_fecha_idx ON eventos_internos (fecha_evento DESC, id DESC)`);

    await q.query(`
      CREATE TABLE evento_asistentes (
        evento_interno_id integer NOT NULL REFERENCES eventos_internos (id) ON DELETE CASCADE,
        persona_id integer NOT NULL REFERENCES personas (id) ON DELETE CASCADE,
        confirmacion text NOT NULL DEFAULT 'pendiente',
        -- 31 characters without look-alikes (no 0/O, 1/I/L): 31^5 ≈ 28.6 million codes per event.
        confirmation_code char(5) NOT NULL,
        confirmed_at timestamptz,
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (evento_interno_id, persona_id),
        CONSTRAINT evento_asistentes_code_key UNIQUE (evento_interno_id, confirmation_code),
        CONSTRAINT evento_asistentes_confirmacion_check
          CHECK (confirmacion IN ('pendiente', 'confirmado', 'rechazado', 'asistio', 'no_asistio')),
        CONSTRAINT evento_asistentes_code_check CHECK (confirmation_code ~ '^[A-HJKMNP-Z2-9]{5}$')
      )`);
    await q.query(`CREATE INDEX evento_asistentes_persona_idx ON evento_asistentes (persona_id)`);

    await q.query(`
      CREATE TABLE confirmacion_intentos_fallidos (
        id bigserial PRIMARY KEY,
        evento_interno_id integer NOT NULL REFERENCES eventos_internos (id) ON DELETE CASCADE,
        ip text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX confirmacion_intentos_evento_idx ON confirmacion_intentos_fallidos (evento_interno_id, created_at DESC)`);

    await addSeatingForeignKeys(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE IF EXISTS asiento_asignaciones DROP CONSTRAINT IF EXISTS asiento_asignaciones_asistente_fkey`);
    await q.query(`ALTER TABLE IF EXISTS asiento_asignaciones DROP CONSTRAINT IF EXISTS asiento_asignaciones_evento_fkey`);
    await q.query(`ALTER TABLE IF EXISTS evento_espacios DROP CONSTRAINT IF EXISTS evento_espacios_evento_fkey`);
    await q.query(`DROP TABLE confirmacion_intentos_fallidos`);
    await q.query(`DROP TABLE evento_asistentes`);
    await q.query(`DROP TABLE eventos_internos`);
  }
}

/** The seating tables' references to internal events and attendees; removing an attendee frees their seat. */
async function addSeatingForeignKeys(q: QueryRunner): Promise<void> {
  const [{ espacios, asignaciones }] = await q.query(
    `SELECT to_regclass('evento_espacios') IS NOT NULL AS espacios, to_regclass('asiento_asignaciones') IS NOT NULL AS asignaciones`,
  );
  if (espacios) {
    await q.query(`ALTER TABLE evento_espacios ADD CONSTRAINT evento_espacios_evento_fkey
      FOREIGN KEY (evento_interno_id) REFERENCES eventos_internos (id) ON DELETE CASCADE`);
  }
  if (asignaciones) {
    await q.query(`ALTER TABLE asiento_asignaciones ADD CONSTRAINT asiento_asignaciones_evento_fkey
      FOREIGN KEY (evento_interno_id) REFERENCES eventos_internos (id) ON DELETE CASCADE`);
    await q.query(`ALTER TABLE asiento_asignaciones ADD CONSTRAINT asiento_asignaciones_asistente_fkey
      FOREIGN KEY (evento_interno_id, persona_id) REFERENCES evento_asistentes (evento_interno_id, persona_id) ON DELETE CASCADE`);
  }
}
