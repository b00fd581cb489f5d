import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The public forms' tables: each keeps which notice its person accepted, and when it was anonymised. */
const FORM_TABLES = ['external_registrations', 'external_waitlist', 'programa_registros', 'programa_lista_espera'];

/**
 * Privacy by law (issue 29 §2, docs/decisions/privacidad-conservacion.md): the consent record and retention.
 *
 * - `avisos_privacidad`: every published version of the privacy notice (aviso de privacidad), never edited; the
 *   current one is the highest version (`aviso_privacidad_vigente()`). Version 1 is seeded from PRIVACY_NOTICE by
 *   the API when none exists (modules/privacy-notice).
 * - Each public form's row keeps the version its person accepted and when (`aviso_version`, `aviso_aceptado_at`;
 *   NULL on rows older than this migration: their notice was not versioned). A new version rewrites nothing.
 * - Retention: a row past its area's period is anonymised in place (`anonimizado_at`): names and e-mail replaced,
 *   the other personal fields NULL — so those columns may now be NULL; counts, statuses and seats stay. A message's
 *   body is purged (`correos.purgado_at`), an import's file deleted (`persona_imports.file` NULL,
 *   `archivo_eliminado_at`). Each run that changed something, or that staff started, is a row of
 *   `conservacion_ejecuciones` with its counts (its audit line points at it).
 * - `register_external_batch` (migration 1764900000000) records the notice of each registration: the version the
 *   form sent, or the current one.
 */
export class PrivacyConsentRetention1765600000000 implements MigrationInterface {
  name = 'PrivacyConsentRetention1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE avisos_privacidad (
        version integer PRIMARY KEY,
        texto text NOT NULL,
        publicado_at timestamptz NOT NULL DEFAULT now(),
        publicado_por integer REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT avisos_privacidad_version_check CHECK (version >= 1),
        CONSTRAINT avisos_privacidad_texto_check CHECK (btrim(texto) <> '')
      )`);
    await q.query(`
      CREATE FUNCTION aviso_privacidad_vigente() RETURNS integer LANGUAGE sql STABLE AS $$
        SELECT max(version) FROM avisos_privacidad
      $$`);
    for (const table of FORM_TABLES) {
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN aviso_version integer REFERENCES avisos_privacidad (version),
          ADD COLUMN aviso_aceptado_at timestamptz,
          ADD COLUMN anonimizado_at timestamptz`);
    }
    // What anonymising empties (names and e-mail get placeholders: they stay NOT NULL).
    await q.query(`ALTER TABLE external_registrations ALTER COLUMN phone DROP NOT NULL, ALTER COLUMN fecha_nacimiento DROP NOT NULL`);
    await q.query(`ALTER TABLE external_waitlist ALTER COLUMN phone DROP NOT NULL, ALTER COLUMN fecha_nacimiento DROP NOT NULL`);
    await q.query(`
      ALTER TABLE programa_registros
        ALTER COLUMN fecha_nacimiento DROP NOT NULL, ALTER COLUMN celular DROP NOT NULL, ALTER COLUMN calle DROP NOT NULL,
        ALTER COLUMN numero DROP NOT NULL, ALTER COLUMN colonia DROP NOT NULL`);
    await q.query(`ALTER TABLE programa_lista_espera ALTER COLUMN celular DROP NOT NULL`);

    await q.query(`ALTER TABLE correos ADD COLUMN purgado_at timestamptz`);
    await q.query(`ALTER TABLE persona_imports ALTER COLUMN file DROP NOT NULL, ADD COLUMN archivo_eliminado_at timestamptz`);

    await q.query(`
      CREATE TABLE conservacion_ejecuciones (
        id serial PRIMARY KEY,
        origen text NOT NULL,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        conteos jsonb NOT NULL,
        total integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT conservacion_ejecuciones_origen_check CHECK (origen IN ('programada', 'manual'))
      )`);
    await q.query(`CREATE INDEX conservacion_ejecuciones_created_idx ON conservacion_ejecuciones (created_at DESC)`);

    await q.query(batchFunction(true));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(batchFunction(false));
    await q.query(`DROP TABLE conservacion_ejecuciones`);
    await q.query(`ALTER TABLE persona_imports DROP COLUMN archivo_eliminado_at`);
    await q.query(`ALTER TABLE correos DROP COLUMN purgado_at`);
    for (const table of FORM_TABLES) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN aviso_version, DROP COLUMN aviso_aceptado_at, DROP COLUMN anonimizado_at`);
    }
    await q.query(`DROP FUNCTION aviso_privacidad_vigente()`);
    await q.query(`DROP TABLE avisos_privacidad`);
  }
}

/** `register_external_batch` of migration 1764900000000, with (true) or without (false) the notice accepted. */
function batchFunction(withNotice: boolean): string {
  const noticeColumns = withNotice ? ', aviso_version, aviso_aceptado_at' : '';
  const noticeValues = withNotice ? ', coalesce(r.aviso_version, aviso_privacidad_vigente()), now()' : '';
  return `
      CREATE OR REPLACE FUNCTION register_external_batch(p_slug text, p_rows jsonb)
      RETURNS TABLE (ord integer, outcome text, registration_id integer, registration_status text)
      LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      DECLARE
        ev external_events%ROWTYPE;
        r record;
        reg external_registrations%ROWTYPE;
        free integer;
        taken integer := 0;
        evento jsonb;
      BEGIN
        SELECT * INTO ev FROM external_events e WHERE e.slug = p_slug FOR UPDATE;
        IF NOT FOUND OR ev.status <> 'published' THEN
          RETURN QUERY SELECT x.ord::integer, CASE WHEN ev.id IS NULL THEN 'not_found' ELSE ev.status END, NULL::integer, NULL::text
            FROM jsonb_array_elements(p_rows) WITH ORDINALITY AS x(item, ord);
          RETURN;
        END IF;
        -- Places held for the waitlist are not free.
        free := ev.max_attendees - ev.current_attendees - ev.held_places;
        evento := external_event_mail(ev);
        FOR r IN
          SELECT x.ord::integer AS ord, x.item ->> 'nombre' AS nombre, x.item ->> 'apellido_paterno' AS apellido_paterno,
                 x.item ->> 'apellido_materno' AS apellido_materno, (x.item ->> 'fecha_nacimiento')::date AS fecha_nacimiento,
                 x.item ->> 'phone' AS phone, x.item ->> 'email' AS email, x.item ->> 'empresa' AS empresa,
                 x.item ->> 'tipo_participante' AS tipo_participante, (x.item ->> 'actor_id')::integer AS actor_id,
                 x.item ->> 'ip' AS ip, (x.item ->> 'aviso_version')::integer AS aviso_version
            FROM jsonb_array_elements(p_rows) WITH ORDINALITY AS x(item, ord)
           ORDER BY x.ord
        LOOP
          IF free <= 0 THEN
            ord := r.ord; outcome := 'full'; registration_id := NULL; registration_status := NULL;
            RETURN NEXT;
            CONTINUE;
          END IF;
          INSERT INTO external_registrations (event_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, phone, email, empresa, tipo_participante, codigo${noticeColumns})
          VALUES (ev.id, r.nombre, r.apellido_paterno, r.apellido_materno, r.fecha_nacimiento, r.phone, r.email, r.empresa, r.tipo_participante,
                  external_registration_code(ev.id)${noticeValues})
          ON CONFLICT (event_id, lower(btrim(email))) WHERE status <> 'cancelled' DO NOTHING
          RETURNING * INTO reg;
          IF NOT FOUND THEN
            ord := r.ord; outcome := 'duplicate'; registration_id := NULL; registration_status := NULL;
            RETURN NEXT;
            CONTINUE;
          END IF;
          free := free - 1;
          taken := taken + 1;
          -- The hot path writes its domain event and queues its confirmation inline (no helper-function layers).
          INSERT INTO domain_events (id, type, actor_id, ip, resource_type, resource_id, payload)
          VALUES (gen_random_uuid(), 'registration.created', r.actor_id, r.ip, 'external_registration', reg.id::text,
                  jsonb_build_object('event_id', reg.event_id, 'registration', external_registration_json(reg)));
          PERFORM queue_mail('registro.confirmacion:' || reg.id, 'registro.confirmacion', lower(btrim(reg.email)),
            reg.nombre || ' ' || reg.apellido_paterno || ' ' || reg.apellido_materno,
            jsonb_build_object('registro_id', reg.id, 'evento_id', ev.id, 'slug', ev.slug, 'nombre', reg.nombre, 'codigo', reg.codigo,
                               'evento', evento),
            'evento-externo', ev.id);
          ord := r.ord; outcome := 'ok'; registration_id := reg.id; registration_status := reg.status;
          RETURN NEXT;
        END LOOP;
        IF taken > 0 THEN
          UPDATE external_events SET current_attendees = current_attendees + taken, version = version + 1 WHERE id = ev.id;
        END IF;
      END
      $fn$`;
}
