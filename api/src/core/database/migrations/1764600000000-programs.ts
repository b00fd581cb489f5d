import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Programs and services (spec 3 §3) and the registrations citizens make from the public page. */
export class Programs1764600000000 implements MigrationInterface {
  name = 'Programs1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE programas (
        id serial PRIMARY KEY,
        slug text NOT NULL,
        nombre text NOT NULL,
        descripcion text NOT NULL,
        tipo text NOT NULL DEFAULT 'continuo',
        fecha_inicio timestamptz,
        fecha_fin timestamptz,
        ubicacion text,
        max_participantes integer,
        -- Registrations holding a place (pendiente or confirmado), moved in the same statement as each change.
        participantes_actuales integer NOT NULL DEFAULT 0,
        status text NOT NULL DEFAULT 'draft',
        requisitos jsonb NOT NULL DEFAULT '[]'::jsonb,
        beneficios jsonb NOT NULL DEFAULT '[]'::jsonb,
        es_destacado boolean NOT NULL DEFAULT false,
        imagen_url text,
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- Grows with every change of the row (counts included): pushes carry it so clients keep the newest.
        version bigint NOT NULL DEFAULT 1,
        CONSTRAINT programas_tipo_check CHECK (tipo IN ('continuo', 'fecha_especifica')),
        CONSTRAINT programas_status_check CHECK (status IN ('draft', 'published', 'closed')),
        CONSTRAINT programas_capacity_check CHECK (
          (max_participantes IS NULL OR max_participantes >= 1) AND participantes_actuales >= 0
          AND (max_participantes IS NULL OR participantes_actuales <= max_participantes)),
        CONSTRAINT programas_dates_check CHECK (
          (tipo = 'fecha_especifica' OR (fecha_inicio IS NULL AND fecha_fin IS NULL))
          AND (fecha_inicio IS NULL OR fecha_fin IS NULL OR fecha_fin >= fecha_inicio))
      )`);
    await q.query(`CREATE UNIQUE INDEX programas_slug_key ON programas (slug)`);
    // At most one featured program, guaranteed by the database.
    await q.query(`CREATE UNIQUE INDEX programas_one_featured ON programas (es_destacado) WHERE es_destacado`);

    await q.query(`
      CREATE TABLE programa_registros (
        id serial PRIMARY KEY,
        -- RESTRICT: a program with applications keeps them (only an empty draft can be deleted).
        programa_id integer NOT NULL REFERENCES programas (id) ON DELETE RESTRICT,
        nombre text NOT NULL,
        apellido_paterno text NOT NULL,
        apellido_materno text NOT NULL,
        fecha_nacimiento date NOT NULL,
        celular text NOT NULL,
        correo_electronico text NOT NULL,
        calle text NOT NULL,
        numero text NOT NULL,
        colonia text NOT NULL,
        municipio text NOT NULL,
        tiene_emprendimiento text NOT NULL,
        nombre_emprendimiento text,
        giro_sector text,
        giro_sector_otro text,
        tiempo_operando text,
        tiene_redes_sociales text,
        redes_sociales_enlace text,
        negocio_formalizado text,
        rfc text,
        status text NOT NULL DEFAULT 'pendiente',
        notas text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT programa_registros_status_check CHECK (status IN ('pendiente', 'confirmado', 'cancelado')),
        CONSTRAINT programa_registros_si_no_check CHECK (
          tiene_emprendimiento IN ('si', 'no')
          AND (tiene_redes_sociales IS NULL OR tiene_redes_sociales IN ('si', 'no'))
          AND (negocio_formalizado IS NULL OR negocio_formalizado IN ('si', 'no'))),
        CONSTRAINT programa_registros_giro_check CHECK (
          giro_sector IS NULL OR giro_sector IN ('alimentos', 'moda', 'tecnologia', 'servicios', 'otro')),
        CONSTRAINT programa_registros_tiempo_check CHECK (
          tiempo_operando IS NULL OR tiempo_operando IN ('menos_6_meses', '6_12_meses', 'mas_1_ano')),
        CONSTRAINT programa_registros_rfc_check CHECK (rfc IS NULL OR (char_length(rfc) <= 13 AND rfc = upper(rfc)))
      )`);
    // One registration per e-mail per program, whatever the case and spaces.
    await q.query(
      `CREATE UNIQUE INDEX programa_registros_programa_email_key ON programa_registros (programa_id, lower(btrim(correo_electronico)))`,
    );
    await q.query(`CREATE INDEX programa_registros_programa_created_idx ON programa_registros (programa_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE programa_registros`);
    await q.query(`DROP TABLE programas`);
  }
}
