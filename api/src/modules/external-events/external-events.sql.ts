import { sqlFunction, type SqlFunction } from '@core/database/sql-functions';

/**
 * The external events' rules that run inside PostgreSQL, each in its one current definition. The database gets
 * them after the migrations, whenever its definition differs (core/database/sql-functions.ts; registered in
 * api/src/modules/index.ts; test/platform/sql-functions.int-spec.ts proves the database holds these). A new body is
 * an edit here; a new signature, or dropping one, is a versioned migration that drops the old function first.
 */

// ——— Door code (docs/decisions/eventos-externos.md): 8 characters of an alphabet without look-alikes
// (ACDEFGHJKMNPQRTUVWXY34679: no 0/O, 1/I/L, 2/Z, 5/S, 8/B), from the random bytes of gen_random_uuid(). ———

/** The default of `external_registrations.codigo` (inserts other than the registration paths: the unique constraint decides). */
const doorCode = sqlFunction(`
      CREATE OR REPLACE FUNCTION external_door_code() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        b bytea := uuid_send(gen_random_uuid());
        c text := '';
        i integer;
      BEGIN
        FOREACH i IN ARRAY ARRAY[0, 1, 2, 3, 4, 5, 9, 10] LOOP
          c := c || substr('ACDEFGHJKMNPQRTUVWXY34679', get_byte(b, i) % 25 + 1, 1);
        END LOOP;
        RETURN c;
      END $$`);

/**
 * A code not yet used in the event: the registration paths draw it under the event row's lock, so they never collide.
 * Its lookup is planned at each call (`plan_cache_mode`): PL/pgSQL keeps a generic plan from the sixth call on, and
 * one made while the table was nearly empty (a new deployment, the pool's first connections) took the
 * (event_id, created_at) index and filtered on the code, reading every earlier registration of the event for each new
 * one: 67 million rows read for 12,000 registrations, and the burst's PostgreSQL CPU per registration grew with the
 * event (docs/decisions/eventos-externos.md, «El código de la puerta, buscado por su índice»).
 */
const registrationCode = sqlFunction(`
      CREATE OR REPLACE FUNCTION external_registration_code(p_event_id integer) RETURNS text LANGUAGE plpgsql VOLATILE
      SET plan_cache_mode = force_custom_plan AS $$
      DECLARE
        c text;
      BEGIN
        LOOP
          c := external_door_code();
          EXIT WHEN NOT EXISTS (SELECT 1 FROM external_registrations WHERE event_id = p_event_id AND codigo = c);
        END LOOP;
        RETURN c;
      END $$`);

/**
 * Whether the address already holds a registration of the event (case and spaces ignored; cancelled ones aside): how
 * the burst path tells a repeated e-mail from a door code drawn twice, once its insert was skipped. Planned at each
 * call, as the code's lookup above: it runs only for those skipped inserts, and a generic plan made while the table
 * was nearly empty could read the whole event instead of the (event_id, e-mail) index.
 */
const registrationTaken = sqlFunction(`
      CREATE OR REPLACE FUNCTION external_registration_taken(p_event_id integer, p_email text) RETURNS boolean LANGUAGE plpgsql STABLE
      SET plan_cache_mode = force_custom_plan AS $$
      BEGIN
        RETURN EXISTS (SELECT 1 FROM external_registrations
                        WHERE event_id = p_event_id AND lower(btrim(email)) = lower(btrim(p_email)) AND status <> 'cancelled');
      END $$`);

// ——— Shared pieces: wire JSON (equal to the mappers, tested) and the event as messages show it. PL/pgSQL, not SQL:
// called from PL/pgSQL they would not be inlined, and a SQL function is planned again at every call. ———

const iso = sqlFunction(`
      CREATE OR REPLACE FUNCTION external_iso(t timestamptz) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
      BEGIN
        RETURN to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
      END $$`);

/** A registration as the API answers it (toRegistrationResponse; test/external-events/registration-payload.int-spec.ts). */
const registrationJson = sqlFunction(`
      CREATE OR REPLACE FUNCTION external_registration_json(reg external_registrations) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
      BEGIN
        RETURN jsonb_build_object(
          'id', reg.id, 'nombre', reg.nombre, 'apellido_paterno', reg.apellido_paterno, 'apellido_materno', reg.apellido_materno,
          'fecha_nacimiento', to_char(reg.fecha_nacimiento, 'YYYY-MM-DD'), 'phone', reg.phone, 'email', reg.email, 'curp', reg.curp,
          'empresa', reg.empresa, 'tipo_participante', reg.tipo_participante, 'status', reg.status, 'codigo', reg.codigo,
          'created_at', external_iso(reg.created_at), 'updated_at', external_iso(reg.updated_at));
      END $$`);

/** The event as messages show it (`MailEventSnapshot`, shared/contracts/mail.contract.ts). */
const eventMail = sqlFunction(`
      CREATE OR REPLACE FUNCTION external_event_mail(ev external_events) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
      BEGIN
        RETURN jsonb_build_object('titulo', ev.title, 'inicio', external_iso(ev.event_date),
          'fin', CASE WHEN ev.end_date IS NULL THEN NULL ELSE external_iso(ev.end_date) END,
          'lugar', nullif(btrim(ev.location), ''));
      END $$`);

/** The confirmation of one registration (key registro.confirmacion:<id>, data as mail.contract.ts). */
const queueConfirmation = sqlFunction(`
      CREATE OR REPLACE FUNCTION external_queue_confirmation(ev external_events, reg external_registrations) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM queue_mail('registro.confirmacion:' || reg.id, 'registro.confirmacion', lower(btrim(reg.email)),
          reg.nombre || ' ' || reg.apellido_paterno || ' ' || reg.apellido_materno,
          jsonb_build_object('registro_id', reg.id, 'evento_id', ev.id, 'slug', ev.slug, 'nombre', reg.nombre, 'codigo', reg.codigo,
                             'evento', external_event_mail(ev)),
          'evento-externo', ev.id);
      END $$`);

/**
 * Public registrations in batches (group commit, docs/decisions/eventos-externos.md): `register_external_batch(slug,
 * rows)` takes the registrations the API gathered for one event while its previous batch was in the database, and
 * decides each one in arrival order under ONE lock of the event row: a place is taken only while the event is
 * published and has a free place (places held for the waitlist are not free), a repeated e-mail (case and spaces
 * ignored; cancelled registrations aside) is skipped without taking a place, and each accepted registration gets
 * its door code (drawn without a lookup: the unique (event_id, codigo) index refuses a code drawn twice, and that row
 * is drawn again; a lookup per registration planned at each call was a quarter of the function's time), the privacy
 * notice it accepted (the version the form sent, or the current one), its `registration.created` domain event and its
 * confirmation message (its intent: template, recipient, data and key; rendered later by the workers), in the same
 * transaction; the batch's messages are one insert (`queue_mails`) and wake the workers with one NOTIFY.
 * The counter moves once per batch, so `current_attendees` always equals the rows. Outcome per input row (by `ord`):
 * ok | duplicate | full | not_found | draft | cancelled | completed.
 */
const registerBatch = sqlFunction(`
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
        -- The batch's confirmations, gathered row by row (assignments, not a statement over the rows: see below).
        mail_keys text[] := '{}';
        mail_to text[] := '{}';
        mail_names text[] := '{}';
        mail_data jsonb[] := '{}';
        evento jsonb;
        tries integer;
        -- The notice in force, read once for the batch (a function call per row was a query per row).
        vigente integer := aviso_privacidad_vigente();
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
          -- No conflict target: a repeated e-mail and a door code already used in the event are both skipped, and told
          -- apart after; a code drawn twice (1 in 25^8 per earlier registration) is drawn again.
          tries := 0;
          LOOP
            INSERT INTO external_registrations (event_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, phone, email, empresa, tipo_participante, codigo, aviso_version, aviso_aceptado_at)
            VALUES (ev.id, r.nombre, r.apellido_paterno, r.apellido_materno, r.fecha_nacimiento, r.phone, r.email, r.empresa, r.tipo_participante,
                    external_door_code(), coalesce(r.aviso_version, vigente), now())
            ON CONFLICT DO NOTHING
            RETURNING * INTO reg;
            -- Zero rows returned set reg to nulls.
            EXIT WHEN reg.id IS NOT NULL OR external_registration_taken(ev.id, r.email);
            tries := tries + 1;
            IF tries >= 20 THEN
              RAISE EXCEPTION 'no free door code for event % after % draws', ev.id, tries;
            END IF;
          END LOOP;
          IF reg.id IS NULL THEN
            ord := r.ord; outcome := 'duplicate'; registration_id := NULL; registration_status := NULL;
            RETURN NEXT;
            CONTINUE;
          END IF;
          free := free - 1;
          taken := taken + 1;
          -- The hot path writes its domain event inline (no helper-function layers); the confirmations go after the loop.
          INSERT INTO domain_events (id, type, actor_id, ip, resource_type, resource_id, payload)
          VALUES (gen_random_uuid(), 'registration.created', r.actor_id, r.ip, 'external_registration', reg.id::text,
                  jsonb_build_object('event_id', reg.event_id, 'registration', external_registration_json(reg)));
          mail_keys := mail_keys || ('registro.confirmacion:' || reg.id);
          mail_to := mail_to || lower(btrim(reg.email));
          mail_names := mail_names || (reg.nombre || ' ' || reg.apellido_paterno || ' ' || reg.apellido_materno);
          mail_data := mail_data || jsonb_build_object('registro_id', reg.id, 'evento_id', ev.id, 'slug', ev.slug, 'nombre', reg.nombre,
                                                       'codigo', reg.codigo, 'evento', evento);
          ord := r.ord; outcome := 'ok'; registration_id := reg.id; registration_status := reg.status;
          RETURN NEXT;
        END LOOP;
        IF taken > 0 THEN
          UPDATE external_events SET current_attendees = current_attendees + taken, version = version + 1 WHERE id = ev.id;
          -- The batch's confirmations in ONE insert and ONE notification to the dispatcher (queue_mails, mail.sql.ts). Gathered
          -- by assignments in the loop: a statement aggregating them over the accepted rows was planned again at each call
          -- (its array's length made every custom plan look cheaper), a fifth of the batch's time for a batch of six.
          PERFORM queue_mails(mail_keys, array_fill('registro.confirmacion'::text, ARRAY[taken]), mail_to, mail_names, mail_data,
                              array_fill('evento-externo'::text, ARRAY[taken]), array_fill(ev.id, ARRAY[taken]));
          -- And the relay's wake-up for the batch's domain events, as every outbox write sends (OutboxRepository): an
          -- api-only process has no relay of its own to kick after the commit, so without it the realtime processes'
          -- relays saw a burst only on their 1 s scan (push p95 ≈ 0.9–1.2 s behind HAProxy).
          PERFORM pg_notify('aforo_outbox', '');
        END IF;
      END
      $fn$`);

/**
 * The public calendar's SEQUENCE (RFC 5545 §3.8.7.4): one more whenever what a calendar shows changes — title,
 * description, dates, place or status —, by any path. Called by the BEFORE UPDATE trigger
 * `external_events_calendar_revision` (baseline migration), whose WHEN keeps every other update (counts, featured)
 * from calling it.
 */
const calendarRevision = sqlFunction(`
      CREATE OR REPLACE FUNCTION external_event_calendar_revision() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.calendar_sequence := OLD.calendar_sequence + 1;
        RETURN NEW;
      END $$`);

export const EXTERNAL_EVENTS_SQL_FUNCTIONS: readonly SqlFunction[] = [
  calendarRevision,
  doorCode,
  registrationCode,
  registrationTaken,
  iso,
  registrationJson,
  eventMail,
  queueConfirmation,
  registerBatch,
];
