import type { MigrationInterface, QueryRunner } from 'typeorm';

export const CATALOGUE_TABLES = ['profesiones', 'sectores', 'empresas', 'puestos', 'zonas'] as const;

export class People1763900000000 implements MigrationInterface {
  name = 'People1763900000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of CATALOGUE_TABLES) {
      await q.query(`CREATE TABLE ${table} (id serial PRIMARY KEY, nombre text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ${table}_nombre_upper CHECK (nombre = upper(btrim(nombre)) AND nombre <> ''))`);
      await q.query(`CREATE UNIQUE INDEX ${table}_nombre_key ON ${table} (nombre)`);
    }

    await q.query(`
      CREATE TABLE personas (
        id serial PRIMARY KEY,
        profesion_id integer REFERENCES profesiones (id) ON DELETE SET NULL,
        nombre text NOT NULL DEFAULT '',
        apellido_paterno text NOT NULL DEFAULT '',
        apellido_materno text NOT NULL DEFAULT '',
        fecha_nacimiento date,
        sector_id integer REFERENCES sectores (id) ON DELETE SET NULL,
        empresa_id integer REFERENCES empresas (id) ON DELETE SET NULL,
        puesto_id integer REFERENCES puestos (id) ON DELETE SET NULL,
        particular_asistente text,
        telefono_oficina text,
        extension_oficina text,
        telefono_celular text,
        correo_electronico text,
        direccion_calle text,
        direccion_numero text,
        direccion_colonia text,
        direccion_ciudad text,
        direccion_estado text,
        direccion_alterna_calle text,
        direccion_alterna_numero text,
        direccion_alterna_colonia text,
        direccion_alterna_ciudad text,
        direccion_alterna_estado text,
        zona_id integer REFERENCES zonas (id) ON DELETE SET NULL,
        invita text,
        completeness_level text NOT NULL DEFAULT 'red',
        -- Lower-case, accent-free name, e-mail and phones: what the search box matches.
        search_text text COLLATE "C" NOT NULL DEFAULT '',
        -- Accent-free "APELLIDOS NOMBRE": the list's stable order (with id), cheap to index.
        sort_key text COLLATE "C" NOT NULL DEFAULT '',
        -- Same person = same normalized full name and same phone (see docs/decisions.md).
        dedupe_key text COLLATE "C",
        import_id uuid,
        import_row integer,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT personas_completeness_check CHECK (completeness_level IN ('red', 'orange', 'green'))
      )`);
    await q.query(`CREATE UNIQUE INDEX personas_dedupe_key ON personas (dedupe_key) WHERE dedupe_key IS NOT NULL`);
    await q.query(`CREATE INDEX personas_completeness_idx ON personas (completeness_level)`);
    await q.query(`CREATE INDEX personas_sector_idx ON personas (sector_id)`);
    await q.query(`CREATE INDEX personas_empresa_idx ON personas (empresa_id)`);
    await q.query(`CREATE INDEX personas_order_idx ON personas (sort_key, id)`);

    await q.query(`
      CREATE TABLE persona_imports (
        id uuid PRIMARY KEY,
        status text NOT NULL DEFAULT 'queued',
        file_name text NOT NULL,
        file_size integer NOT NULL,
        file bytea NOT NULL,
        progress integer NOT NULL DEFAULT 0,
        processed integer NOT NULL DEFAULT 0,
        imported integer NOT NULL DEFAULT 0,
        skipped integer NOT NULL DEFAULT 0,
        total integer,
        errors jsonb NOT NULL DEFAULT '[]'::jsonb,
        errors_count integer NOT NULL DEFAULT 0,
        error_message text,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        CONSTRAINT persona_imports_status_check CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
        CONSTRAINT persona_imports_progress_check CHECK (progress BETWEEN 0 AND 100)
      )`);
    await q.query(`CREATE INDEX persona_imports_created_idx ON persona_imports (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE persona_imports`);
    await q.query(`DROP TABLE personas`);
    for (const table of [...CATALOGUE_TABLES].reverse()) await q.query(`DROP TABLE ${table}`);
  }
}
