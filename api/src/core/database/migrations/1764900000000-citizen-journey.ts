import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createSqlFunctions } from '../sql-functions';

/**
 * The citizen's journey after registering, decided in the database:
 *
 * - Door code: `external_registrations.codigo`, 8 characters of an alphabet without look-alikes
 *   (ACDEFGHJKMNPQRTUVWXY34679: no 0/O, 1/I/L, 2/Z, 5/S, 8/B), from the random bytes of `gen_random_uuid()`,
 *   unique per event (`external_registrations_event_codigo_key`). The registration paths draw it under the
 *   event row's lock and skip a code already used in the event (`external_registration_code`), so they never
 *   collide; the column default (other inserts) relies on the constraint.
 * - The confirmation message is queued (`queue_mail`) by the same statement that accepts the registration.
 * - Cancelling frees the place: status `cancelled` (the row stays, with its code), `current_attendees` − 1; the
 *   e-mail may register again (the one-per-e-mail index now skips cancelled rows).
 * - Waitlist: `external_waitlist`, one active entry (waiting or offered) per e-mail and event. A place offered to
 *   the first in line is HELD (`external_events.held_places`): registrations see
 *   `max_attendees − current_attendees − held_places` free places, and the capacity CHECK counts held places.
 *   Every change of a place (offer, accept, expire, remove, cancel) is one function below, run under the event
 *   row's lock, writing its domain events and its messages in the same transaction.
 */
export class CitizenJourney1764900000000 implements MigrationInterface {
  name = 'CitizenJourney1764900000000';

  async up(q: QueryRunner): Promise<void> {
    // ——— Door code: the external-events area's functions (modules/external-events/external-events.sql.ts), created here
    // in their current definition because the column default and the data step below need them ———
    await createSqlFunctions(q, ['external_door_code', 'external_registration_code']);
    await q.query(`ALTER TABLE external_registrations ADD COLUMN codigo text`);
    await q.query(`
      DO $$
      DECLARE r record;
      BEGIN
        FOR r IN SELECT id, event_id FROM external_registrations ORDER BY id LOOP
          UPDATE external_registrations SET codigo = external_registration_code(r.event_id) WHERE id = r.id;
        END LOOP;
      END $$`);
    await q.query(
      `ALTER TABLE external_registrations ALTER COLUMN codigo SET DEFAULT external_door_code(), ALTER COLUMN codigo SET NOT NULL`,
    );
    await q.query(
      `ALTER TABLE external_registrations ADD CONSTRAINT external_registrations_event_codigo_key UNIQUE (event_id, codigo),
         ADD CONSTRAINT external_registrations_codigo_check CHECK (codigo ~ '^[ACDEFGHJKMNPQRTUVWXY34679]{8}$')`,
    );
    // A cancelled registration no longer holds the e-mail: the person may register again.
    await q.query(`DROP INDEX external_registrations_event_email_key`);
    await q.query(
      `CREATE UNIQUE INDEX external_registrations_event_email_key ON external_registrations (event_id, lower(btrim(email))) WHERE status <> 'cancelled'`,
    );

    // ——— Places held for the waitlist, and its count ———
    await q.query(`
      ALTER TABLE external_events
        ADD COLUMN held_places integer NOT NULL DEFAULT 0,
        ADD COLUMN waitlist_count integer NOT NULL DEFAULT 0,
        DROP CONSTRAINT external_events_capacity_check,
        ADD CONSTRAINT external_events_capacity_check CHECK (
          max_attendees >= 1 AND current_attendees >= 0 AND held_places >= 0 AND waitlist_count >= 0
          AND current_attendees + held_places <= max_attendees)`);

    await q.query(`
      CREATE TABLE external_waitlist (
        id serial PRIMARY KEY,
        event_id integer NOT NULL REFERENCES external_events (id) ON DELETE CASCADE,
        nombre text NOT NULL,
        apellido_paterno text NOT NULL,
        apellido_materno text NOT NULL,
        fecha_nacimiento date NOT NULL,
        phone text NOT NULL,
        email text NOT NULL,
        empresa text,
        tipo_participante text NOT NULL,
        status text NOT NULL DEFAULT 'waiting',
        offer_count integer NOT NULL DEFAULT 0,
        offered_until timestamptz,
        registration_id integer REFERENCES external_registrations (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT external_waitlist_status_check CHECK (status IN ('waiting', 'offered', 'accepted', 'expired', 'removed')),
        CONSTRAINT external_waitlist_offer_check CHECK ((status = 'offered') = (offered_until IS NOT NULL)),
        CONSTRAINT external_waitlist_accepted_check CHECK (status <> 'accepted' OR offer_count > 0)
      )`);
    // One place in line per e-mail and event (waiting or holding an offer).
    await q.query(
      `CREATE UNIQUE INDEX external_waitlist_event_email_key ON external_waitlist (event_id, lower(btrim(email))) WHERE status IN ('waiting', 'offered')`,
    );
    await q.query(`CREATE INDEX external_waitlist_line_idx ON external_waitlist (event_id, id) WHERE status IN ('waiting', 'offered')`);
    await q.query(`CREATE INDEX external_waitlist_due_idx ON external_waitlist (offered_until) WHERE status = 'offered'`);

    // ——— The waitlist's functions; the pieces they share with registration (external_iso, external_record,
    // external_registration_json, external_event_mail, external_queue_confirmation, queue_mail) are the areas'
    // (modules/external-events/external-events.sql.ts, modules/mail/mail.sql.ts). ———
    await q.query(`
      CREATE FUNCTION external_waitlist_json(w external_waitlist) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
      BEGIN
        RETURN jsonb_build_object(
          'id', w.id, 'event_id', w.event_id, 'nombre', w.nombre, 'apellido_paterno', w.apellido_paterno,
          'apellido_materno', w.apellido_materno, 'fecha_nacimiento', to_char(w.fecha_nacimiento, 'YYYY-MM-DD'),
          'phone', w.phone, 'email', w.email, 'empresa', w.empresa, 'tipo_participante', w.tipo_participante,
          'status', w.status, 'offer_count', w.offer_count,
          'offered_until', CASE WHEN w.offered_until IS NULL THEN NULL ELSE external_iso(w.offered_until) END,
          'registration_id', w.registration_id, 'created_at', external_iso(w.created_at), 'updated_at', external_iso(w.updated_at));
      END $$`);

    // ——— Offer free places to the first in line (the caller holds, or this takes, the event row's lock) ———
    await q.query(`
      CREATE FUNCTION external_waitlist_offer_next(p_event_id integer, p_hold_seconds integer, p_actor integer, p_ip text)
      RETURNS integer LANGUAGE plpgsql AS $fn$
      DECLARE
        ev external_events%ROWTYPE;
        w external_waitlist%ROWTYPE;
        n integer := 0;
      BEGIN
        SELECT * INTO ev FROM external_events WHERE id = p_event_id FOR UPDATE;
        IF NOT FOUND OR ev.status <> 'published' OR ev.event_date <= now() THEN
          RETURN 0;
        END IF;
        WHILE ev.max_attendees - ev.current_attendees - ev.held_places > 0 LOOP
          SELECT * INTO w FROM external_waitlist
           WHERE event_id = p_event_id AND status = 'waiting' ORDER BY id LIMIT 1 FOR UPDATE;
          EXIT WHEN NOT FOUND;
          UPDATE external_waitlist
             SET status = 'offered', offer_count = offer_count + 1, updated_at = now(),
                 offered_until = least(now() + make_interval(secs => p_hold_seconds), ev.event_date)
           WHERE id = w.id RETURNING * INTO w;
          ev.held_places := ev.held_places + 1;
          ev.waitlist_count := ev.waitlist_count - 1;
          n := n + 1;
          PERFORM external_record('waitlist.offered', p_actor, p_ip, 'external_waitlist_entry', w.id,
                                  jsonb_build_object('event_id', p_event_id, 'entry', external_waitlist_json(w)));
          PERFORM queue_mail('lista-espera.oferta:' || w.id || ':' || w.offer_count, 'lista-espera.oferta', lower(btrim(w.email)),
            w.nombre || ' ' || w.apellido_paterno || ' ' || w.apellido_materno,
            jsonb_build_object('entrada_id', w.id, 'evento_id', ev.id, 'slug', ev.slug, 'nombre', w.nombre,
                               'oferta_hasta', external_iso(w.offered_until), 'evento', external_event_mail(ev)),
            'evento-externo', ev.id);
        END LOOP;
        IF n > 0 THEN
          UPDATE external_events SET held_places = ev.held_places, waitlist_count = ev.waitlist_count, version = version + 1
           WHERE id = p_event_id;
        END IF;
        RETURN n;
      END
      $fn$`);

    // ——— Join the line (only when no place is free; not twice; not when already registered) ———
    await q.query(`
      CREATE FUNCTION external_waitlist_join(p_slug text, p_row jsonb, p_actor integer, p_ip text)
      RETURNS TABLE (outcome text, entry_id integer)
      LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      DECLARE
        ev external_events%ROWTYPE;
        w external_waitlist%ROWTYPE;
      BEGIN
        SELECT * INTO ev FROM external_events WHERE slug = p_slug FOR UPDATE;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'not_found'::text, NULL::integer; RETURN;
        END IF;
        IF ev.status <> 'published' THEN
          RETURN QUERY SELECT ev.status, NULL::integer; RETURN;
        END IF;
        IF ev.max_attendees - ev.current_attendees - ev.held_places > 0 THEN
          RETURN QUERY SELECT 'available'::text, NULL::integer; RETURN;
        END IF;
        IF EXISTS (SELECT 1 FROM external_registrations
                    WHERE event_id = ev.id AND status <> 'cancelled' AND lower(btrim(email)) = lower(btrim(p_row ->> 'email'))) THEN
          RETURN QUERY SELECT 'registered'::text, NULL::integer; RETURN;
        END IF;
        INSERT INTO external_waitlist (event_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, phone, email, empresa, tipo_participante)
        VALUES (ev.id, p_row ->> 'nombre', p_row ->> 'apellido_paterno', p_row ->> 'apellido_materno', (p_row ->> 'fecha_nacimiento')::date,
                p_row ->> 'phone', p_row ->> 'email', p_row ->> 'empresa', p_row ->> 'tipo_participante')
        ON CONFLICT (event_id, lower(btrim(email))) WHERE status IN ('waiting', 'offered') DO NOTHING
        RETURNING * INTO w;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'duplicate'::text, NULL::integer; RETURN;
        END IF;
        UPDATE external_events SET waitlist_count = waitlist_count + 1, version = version + 1 WHERE id = ev.id;
        PERFORM external_record('waitlist.joined', p_actor, p_ip, 'external_waitlist_entry', w.id,
                                jsonb_build_object('event_id', ev.id, 'entry', external_waitlist_json(w)));
        RETURN QUERY SELECT 'ok'::text, w.id;
      END
      $fn$`);

    // ——— Cancel by link: the place frees and goes to the first in line, in one transaction ———
    await q.query(`
      CREATE FUNCTION external_cancel_registration(p_registration_id integer, p_hold_seconds integer, p_actor integer, p_ip text)
      RETURNS text LANGUAGE plpgsql AS $fn$
      DECLARE
        ev_id integer;
        ev external_events%ROWTYPE;
        reg external_registrations%ROWTYPE;
      BEGIN
        SELECT event_id INTO ev_id FROM external_registrations WHERE id = p_registration_id;
        IF NOT FOUND THEN RETURN 'not_found'; END IF;
        SELECT * INTO ev FROM external_events WHERE id = ev_id FOR UPDATE;
        SELECT * INTO reg FROM external_registrations WHERE id = p_registration_id FOR UPDATE;
        IF NOT FOUND THEN RETURN 'not_found'; END IF;
        IF reg.status = 'cancelled' THEN RETURN 'already_cancelled'; END IF;
        IF reg.status <> 'registered' THEN RETURN 'attended'; END IF;
        IF ev.status <> 'published' OR ev.event_date <= now() THEN RETURN 'closed'; END IF;
        UPDATE external_registrations SET status = 'cancelled', updated_at = now() WHERE id = reg.id RETURNING * INTO reg;
        UPDATE external_events SET current_attendees = current_attendees - 1, version = version + 1 WHERE id = ev.id;
        PERFORM external_record('registration.cancelled', p_actor, p_ip, 'external_registration', reg.id,
                                jsonb_build_object('event_id', ev.id, 'registration', external_registration_json(reg)));
        PERFORM external_waitlist_offer_next(ev.id, p_hold_seconds, p_actor, p_ip);
        RETURN 'ok';
      END
      $fn$`);

    // ——— Accept an offer: the held place becomes a registration (with its code and confirmation) ———
    await q.query(`
      CREATE FUNCTION external_waitlist_accept(p_entry_id integer, p_hold_seconds integer, p_actor integer, p_ip text)
      RETURNS TABLE (outcome text, registration_id integer)
      LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      DECLARE
        ev_id integer;
        ev external_events%ROWTYPE;
        w external_waitlist%ROWTYPE;
        reg external_registrations%ROWTYPE;
      BEGIN
        SELECT event_id INTO ev_id FROM external_waitlist WHERE id = p_entry_id;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'not_found'::text, NULL::integer; RETURN;
        END IF;
        SELECT * INTO ev FROM external_events WHERE id = ev_id FOR UPDATE;
        SELECT * INTO w FROM external_waitlist WHERE id = p_entry_id FOR UPDATE;
        IF w.status = 'accepted' THEN
          RETURN QUERY SELECT 'used'::text, w.registration_id; RETURN;
        END IF;
        IF w.status <> 'offered' THEN
          RETURN QUERY SELECT CASE WHEN w.status = 'expired' THEN 'expired' ELSE 'not_offered' END, NULL::integer; RETURN;
        END IF;
        IF w.offered_until <= now() OR ev.status <> 'published' THEN
          -- Too late (its expiry job may not have run yet), or the event closed: the held place moves on now.
          PERFORM external_waitlist_expire(w.id, p_hold_seconds, true);
          RETURN QUERY SELECT CASE WHEN ev.status <> 'published' THEN 'closed' ELSE 'expired' END, NULL::integer; RETURN;
        END IF;
        INSERT INTO external_registrations (event_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, phone, email, empresa, tipo_participante, codigo)
        VALUES (ev.id, w.nombre, w.apellido_paterno, w.apellido_materno, w.fecha_nacimiento, w.phone, w.email, w.empresa, w.tipo_participante,
                external_registration_code(ev.id))
        ON CONFLICT (event_id, lower(btrim(email))) WHERE status <> 'cancelled' DO NOTHING
        RETURNING * INTO reg;
        IF NOT FOUND THEN
          -- Registered meanwhile with the same e-mail: the entry leaves the line and the held place moves on.
          UPDATE external_waitlist SET status = 'removed', offered_until = NULL, updated_at = now() WHERE id = w.id RETURNING * INTO w;
          UPDATE external_events SET held_places = held_places - 1, version = version + 1 WHERE id = ev.id;
          PERFORM external_record('waitlist.removed', p_actor, p_ip, 'external_waitlist_entry', w.id,
                                  jsonb_build_object('event_id', ev.id, 'entry', external_waitlist_json(w)));
          PERFORM external_waitlist_offer_next(ev.id, p_hold_seconds, p_actor, p_ip);
          RETURN QUERY SELECT 'duplicate'::text, NULL::integer; RETURN;
        END IF;
        UPDATE external_waitlist SET status = 'accepted', registration_id = reg.id, offered_until = NULL, updated_at = now()
         WHERE id = w.id RETURNING * INTO w;
        UPDATE external_events SET held_places = held_places - 1, current_attendees = current_attendees + 1, version = version + 1
         WHERE id = ev.id;
        PERFORM external_record('registration.created', p_actor, p_ip, 'external_registration', reg.id,
                                jsonb_build_object('event_id', ev.id, 'registration', external_registration_json(reg)));
        PERFORM external_record('waitlist.accepted', p_actor, p_ip, 'external_waitlist_entry', w.id,
                                jsonb_build_object('event_id', ev.id, 'entry', external_waitlist_json(w)));
        PERFORM external_queue_confirmation(ev, reg);
        RETURN QUERY SELECT 'ok'::text, reg.id;
      END
      $fn$`);

    // ——— Expire offers whose time is up (one entry, its job; or all due, the sweep) and pass the places on ———
    await q.query(`
      CREATE FUNCTION external_waitlist_expire(p_entry_id integer, p_hold_seconds integer, p_force boolean DEFAULT false)
      RETURNS integer LANGUAGE plpgsql AS $fn$
      DECLARE
        e record;
        w external_waitlist%ROWTYPE;
        n integer := 0;
        n_event integer;
      BEGIN
        FOR e IN
          SELECT DISTINCT event_id FROM external_waitlist
           WHERE status = 'offered' AND (p_force OR offered_until <= now()) AND (p_entry_id IS NULL OR id = p_entry_id)
           ORDER BY event_id
        LOOP
          PERFORM 1 FROM external_events WHERE id = e.event_id FOR UPDATE;
          n_event := 0;
          FOR w IN
            SELECT * FROM external_waitlist
             WHERE event_id = e.event_id AND status = 'offered' AND (p_force OR offered_until <= now())
               AND (p_entry_id IS NULL OR id = p_entry_id)
             ORDER BY id FOR UPDATE
          LOOP
            UPDATE external_waitlist SET status = 'expired', offered_until = NULL, updated_at = now() WHERE id = w.id RETURNING * INTO w;
            PERFORM external_record('waitlist.expired', NULL, NULL, 'external_waitlist_entry', w.id,
                                    jsonb_build_object('event_id', e.event_id, 'entry', external_waitlist_json(w)));
            n_event := n_event + 1;
          END LOOP;
          IF n_event > 0 THEN
            UPDATE external_events SET held_places = held_places - n_event, version = version + 1 WHERE id = e.event_id;
            PERFORM external_waitlist_offer_next(e.event_id, p_hold_seconds, NULL, NULL);
            n := n + n_event;
          END IF;
        END LOOP;
        RETURN n;
      END
      $fn$`);

    // ——— Staff remove someone from the line (a held place moves on) ———
    await q.query(`
      CREATE FUNCTION external_waitlist_remove(p_event_id integer, p_entry_id integer, p_hold_seconds integer, p_actor integer, p_ip text)
      RETURNS text LANGUAGE plpgsql AS $fn$
      DECLARE
        w external_waitlist%ROWTYPE;
        was text;
      BEGIN
        PERFORM 1 FROM external_events WHERE id = p_event_id FOR UPDATE;
        SELECT * INTO w FROM external_waitlist WHERE id = p_entry_id AND event_id = p_event_id FOR UPDATE;
        IF NOT FOUND OR w.status NOT IN ('waiting', 'offered') THEN RETURN 'not_found'; END IF;
        was := w.status;
        UPDATE external_waitlist SET status = 'removed', offered_until = NULL, updated_at = now() WHERE id = w.id RETURNING * INTO w;
        IF was = 'offered' THEN
          UPDATE external_events SET held_places = held_places - 1, version = version + 1 WHERE id = p_event_id;
        ELSE
          UPDATE external_events SET waitlist_count = waitlist_count - 1, version = version + 1 WHERE id = p_event_id;
        END IF;
        PERFORM external_record('waitlist.removed', p_actor, p_ip, 'external_waitlist_entry', w.id,
                                jsonb_build_object('event_id', p_event_id, 'entry', external_waitlist_json(w)));
        IF was = 'offered' THEN
          PERFORM external_waitlist_offer_next(p_event_id, p_hold_seconds, p_actor, p_ip);
        END IF;
        RETURN 'ok';
      END
      $fn$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION external_waitlist_remove(integer, integer, integer, integer, text)`);
    await q.query(`DROP FUNCTION external_waitlist_expire(integer, integer, boolean)`);
    await q.query(`DROP FUNCTION external_waitlist_accept(integer, integer, integer, text)`);
    await q.query(`DROP FUNCTION external_cancel_registration(integer, integer, integer, text)`);
    await q.query(`DROP FUNCTION external_waitlist_join(text, jsonb, integer, text)`);
    await q.query(`DROP FUNCTION external_waitlist_offer_next(integer, integer, integer, text)`);
    await q.query(`DROP FUNCTION external_waitlist_json(external_waitlist)`);
    await q.query(`DROP TABLE external_waitlist`);
    await q.query(`
      ALTER TABLE external_events DROP CONSTRAINT external_events_capacity_check,
        DROP COLUMN held_places, DROP COLUMN waitlist_count,
        ADD CONSTRAINT external_events_capacity_check CHECK (max_attendees >= 1 AND current_attendees >= 0 AND current_attendees <= max_attendees)`);
    await q.query(`DROP INDEX external_registrations_event_email_key`);
    await q.query(`CREATE UNIQUE INDEX external_registrations_event_email_key ON external_registrations (event_id, lower(btrim(email)))`);
    await q.query(`ALTER TABLE external_registrations DROP COLUMN codigo`);
    await q.query(`DROP FUNCTION external_registration_code(integer)`);
    await q.query(`DROP FUNCTION external_door_code()`);
  }
}
