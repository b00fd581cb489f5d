import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A waitlist join is confirmed by a link mailed to its address before it takes a place in line, in
 * both waitlists (external events, migration 1764900000000; programs, migration 1765100000000), alike:
 *
 * - status `pending`: joined, not yet confirmed. It holds nothing, counts nowhere (`waitlist_count`), is never offered a
 *   place and staff do not see it; `confirm_until` is when its link ends (WAITLIST_CONFIRM_HOURS; for an event, never
 *   past its start). Past it, the sweep (or the next join of the same address) marks it `expired`.
 * - `confirmed_at`: when the link was followed; the line's order is (confirmed_at, id). Entries already in line keep
 *   their place (confirmed_at = created_at).
 * - One entry per e-mail that is pending, waiting or offered: the partial unique indexes now include `pending`, so
 *   parallel joins of one address make one entry (one message), and parallel confirms move it once (row lock).
 * - Events: `external_waitlist_join` now writes a pending entry and queues its confirmation message (or, for an address
 *   already registered, a message saying so, at most one an hour) and no domain event; `external_waitlist_confirm` puts
 *   it in line ('waitlist.joined', counts, and an offer if a place is free), all under the event row's lock.
 */
export class WaitlistConfirm1765300000000 implements MigrationInterface {
  name = 'WaitlistConfirm1765300000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, owner, key, line] of [
      ['external_waitlist', 'event_id', 'external_waitlist_event_email_key', 'external_waitlist_line_idx'],
      ['programa_lista_espera', 'programa_id', 'programa_lista_espera_email_key', 'programa_lista_espera_line_idx'],
    ] as const) {
      const email = table === 'external_waitlist' ? 'email' : 'correo_electronico';
      await q.query(`ALTER TABLE ${table} ADD COLUMN confirmed_at timestamptz, ADD COLUMN confirm_until timestamptz`);
      await q.query(`UPDATE ${table} SET confirmed_at = created_at`);
      await q.query(`
        ALTER TABLE ${table}
          ALTER COLUMN status SET DEFAULT 'pending',
          DROP CONSTRAINT ${table}_status_check,
          ADD CONSTRAINT ${table}_status_check CHECK (status IN ('pending', 'waiting', 'offered', 'accepted', 'expired', 'removed')),
          ADD CONSTRAINT ${table}_confirm_check CHECK (
            (status <> 'pending' OR (confirmed_at IS NULL AND confirm_until IS NOT NULL))
            AND (status NOT IN ('waiting', 'offered', 'accepted') OR confirmed_at IS NOT NULL))`);
      await q.query(`DROP INDEX ${key}`);
      await q.query(
        `CREATE UNIQUE INDEX ${key} ON ${table} (${owner}, lower(btrim(${email}))) WHERE status IN ('pending', 'waiting', 'offered')`,
      );
      await q.query(`DROP INDEX ${line}`);
      await q.query(`CREATE INDEX ${line} ON ${table} (${owner}, confirmed_at, id) WHERE status IN ('waiting', 'offered')`);
      await q.query(`CREATE INDEX ${table}_pending_idx ON ${table} (confirm_until) WHERE status = 'pending'`);
    }

    // The wire JSON gains confirmed_at (equal to toWaitlistEntryResponse, tested).
    await q.query(`
      CREATE OR REPLACE FUNCTION external_waitlist_json(w external_waitlist) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
      BEGIN
        RETURN jsonb_build_object(
          'id', w.id, 'event_id', w.event_id, 'nombre', w.nombre, 'apellido_paterno', w.apellido_paterno,
          'apellido_materno', w.apellido_materno, 'fecha_nacimiento', to_char(w.fecha_nacimiento, 'YYYY-MM-DD'),
          'phone', w.phone, 'email', w.email, 'empresa', w.empresa, 'tipo_participante', w.tipo_participante,
          'status', w.status, 'confirmed_at', CASE WHEN w.confirmed_at IS NULL THEN NULL ELSE external_iso(w.confirmed_at) END,
          'offer_count', w.offer_count,
          'offered_until', CASE WHEN w.offered_until IS NULL THEN NULL ELSE external_iso(w.offered_until) END,
          'registration_id', w.registration_id, 'created_at', external_iso(w.created_at), 'updated_at', external_iso(w.updated_at));
      END $$`);

    await q.query(offerNext('confirmed_at, id'));

    // ——— Join: a pending entry and its confirmation message; nothing in line, no count, no domain event ———
    await q.query(`DROP FUNCTION external_waitlist_join(text, jsonb, integer, text)`);
    await q.query(`
      CREATE FUNCTION external_waitlist_join(p_slug text, p_row jsonb, p_confirm_seconds integer)
      RETURNS TABLE (outcome text, entry_id integer)
      LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      DECLARE
        ev external_events%ROWTYPE;
        w external_waitlist%ROWTYPE;
        reg external_registrations%ROWTYPE;
        addr text := lower(btrim(p_row ->> 'email'));
      BEGIN
        SELECT * INTO ev FROM external_events WHERE slug = p_slug FOR UPDATE;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'not_found'::text, NULL::integer; RETURN;
        END IF;
        IF ev.status <> 'published' THEN
          RETURN QUERY SELECT ev.status, NULL::integer; RETURN;
        END IF;
        IF ev.event_date <= now() THEN
          RETURN QUERY SELECT 'closed'::text, NULL::integer; RETURN;
        END IF;
        IF ev.max_attendees - ev.current_attendees - ev.held_places > 0 THEN
          RETURN QUERY SELECT 'available'::text, NULL::integer; RETURN;
        END IF;
        SELECT * INTO reg FROM external_registrations
         WHERE event_id = ev.id AND status <> 'cancelled' AND lower(btrim(email)) = addr LIMIT 1;
        IF FOUND THEN
          -- Told to the address only (the answer is the same as any join's), at most once an hour per registration.
          PERFORM queue_mail('lista-espera.ya-registrado:' || reg.id || ':' || to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDDHH24'),
            'lista-espera.confirmar', lower(btrim(reg.email)), reg.nombre || ' ' || reg.apellido_paterno || ' ' || reg.apellido_materno,
            jsonb_build_object('motivo', 'ya-registrado', 'nombre', reg.nombre, 'evento_id', ev.id, 'slug', ev.slug,
                               'evento', external_event_mail(ev)),
            'evento-externo', ev.id);
          RETURN QUERY SELECT 'registered'::text, NULL::integer; RETURN;
        END IF;
        -- This address's confirmation past its time (the sweep may not have run yet) gives way to the new join.
        UPDATE external_waitlist SET status = 'expired', updated_at = now()
         WHERE event_id = ev.id AND status = 'pending' AND confirm_until <= now() AND lower(btrim(email)) = addr;
        INSERT INTO external_waitlist (event_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, phone, email, empresa,
                                       tipo_participante, status, confirm_until)
        VALUES (ev.id, p_row ->> 'nombre', p_row ->> 'apellido_paterno', p_row ->> 'apellido_materno', (p_row ->> 'fecha_nacimiento')::date,
                p_row ->> 'phone', p_row ->> 'email', p_row ->> 'empresa', p_row ->> 'tipo_participante', 'pending',
                least(now() + make_interval(secs => p_confirm_seconds), ev.event_date))
        ON CONFLICT (event_id, lower(btrim(email))) WHERE status IN ('pending', 'waiting', 'offered') DO NOTHING
        RETURNING * INTO w;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'duplicate'::text, NULL::integer; RETURN;
        END IF;
        PERFORM queue_mail('lista-espera.confirmar:' || w.id, 'lista-espera.confirmar', lower(btrim(w.email)),
          w.nombre || ' ' || w.apellido_paterno || ' ' || w.apellido_materno,
          jsonb_build_object('motivo', 'confirmar', 'entrada_id', w.id, 'confirmar_hasta', external_iso(w.confirm_until),
                             'nombre', w.nombre, 'evento_id', ev.id, 'slug', ev.slug, 'evento', external_event_mail(ev)),
          'evento-externo', ev.id);
        RETURN QUERY SELECT 'ok'::text, w.id;
      END
      $fn$`);

    // ——— Confirm: the entry takes its place in line (and a free place, if any, is offered at once) ———
    await q.query(`
      CREATE FUNCTION external_waitlist_confirm(p_entry_id integer, p_hold_seconds integer, p_actor integer, p_ip text)
      RETURNS text LANGUAGE plpgsql AS $fn$
      DECLARE
        ev_id integer;
        ev external_events%ROWTYPE;
        w external_waitlist%ROWTYPE;
      BEGIN
        SELECT event_id INTO ev_id FROM external_waitlist WHERE id = p_entry_id;
        IF NOT FOUND THEN RETURN 'not_found'; END IF;
        SELECT * INTO ev FROM external_events WHERE id = ev_id FOR UPDATE;
        SELECT * INTO w FROM external_waitlist WHERE id = p_entry_id FOR UPDATE;
        IF NOT FOUND THEN RETURN 'not_found'; END IF;
        IF w.confirmed_at IS NOT NULL THEN
          RETURN CASE WHEN w.status IN ('waiting', 'offered', 'accepted') THEN 'already' ELSE 'gone' END;
        END IF;
        IF w.status <> 'pending' THEN RETURN 'expired'; END IF;
        IF w.confirm_until <= now() THEN
          UPDATE external_waitlist SET status = 'expired', updated_at = now() WHERE id = w.id;
          RETURN 'expired';
        END IF;
        IF ev.status <> 'published' OR ev.event_date <= now() THEN RETURN 'closed'; END IF;
        UPDATE external_waitlist SET status = 'waiting', confirmed_at = now(), updated_at = now() WHERE id = w.id RETURNING * INTO w;
        UPDATE external_events SET waitlist_count = waitlist_count + 1, version = version + 1 WHERE id = ev.id;
        PERFORM external_record('waitlist.joined', p_actor, p_ip, 'external_waitlist_entry', w.id,
                                jsonb_build_object('event_id', ev.id, 'entry', external_waitlist_json(w)));
        PERFORM external_waitlist_offer_next(ev.id, p_hold_seconds, p_actor, p_ip);
        RETURN 'ok';
      END
      $fn$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION external_waitlist_confirm(integer, integer, integer, text)`);
    await q.query(`DROP FUNCTION external_waitlist_join(text, jsonb, integer)`);
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
    await q.query(offerNext('id'));
    for (const [table, owner, key, line] of [
      ['external_waitlist', 'event_id', 'external_waitlist_event_email_key', 'external_waitlist_line_idx'],
      ['programa_lista_espera', 'programa_id', 'programa_lista_espera_email_key', 'programa_lista_espera_line_idx'],
    ] as const) {
      const email = table === 'external_waitlist' ? 'email' : 'correo_electronico';
      await q.query(`DELETE FROM ${table} WHERE confirmed_at IS NULL`);
      await q.query(`DROP INDEX ${table}_pending_idx`);
      await q.query(`DROP INDEX ${line}`);
      await q.query(`CREATE INDEX ${line} ON ${table} (${owner}, id) WHERE status IN ('waiting', 'offered')`);
      await q.query(`DROP INDEX ${key}`);
      await q.query(`CREATE UNIQUE INDEX ${key} ON ${table} (${owner}, lower(btrim(${email}))) WHERE status IN ('waiting', 'offered')`);
      await q.query(`
        ALTER TABLE ${table}
          ALTER COLUMN status SET DEFAULT 'waiting',
          DROP CONSTRAINT ${table}_confirm_check,
          DROP CONSTRAINT ${table}_status_check,
          ADD CONSTRAINT ${table}_status_check CHECK (status IN ('waiting', 'offered', 'accepted', 'expired', 'removed'))`);
    }
    // external_waitlist_json reads the columns by name: put back its first version before they go.
    await q.query(`
      CREATE OR REPLACE FUNCTION external_waitlist_json(w external_waitlist) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
      BEGIN
        RETURN jsonb_build_object(
          'id', w.id, 'event_id', w.event_id, 'nombre', w.nombre, 'apellido_paterno', w.apellido_paterno,
          'apellido_materno', w.apellido_materno, 'fecha_nacimiento', to_char(w.fecha_nacimiento, 'YYYY-MM-DD'),
          'phone', w.phone, 'email', w.email, 'empresa', w.empresa, 'tipo_participante', w.tipo_participante,
          'status', w.status, 'offer_count', w.offer_count,
          'offered_until', CASE WHEN w.offered_until IS NULL THEN NULL ELSE external_iso(w.offered_until) END,
          'registration_id', w.registration_id, 'created_at', external_iso(w.created_at), 'updated_at', external_iso(w.updated_at));
      END $$`);
    for (const table of ['external_waitlist', 'programa_lista_espera']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN confirm_until, DROP COLUMN confirmed_at`);
    }
  }
}

/** external_waitlist_offer_next of migration 1764900000000 with its line order as given (up: by confirmation). */
function offerNext(order: string): string {
  return `
      CREATE OR REPLACE FUNCTION external_waitlist_offer_next(p_event_id integer, p_hold_seconds integer, p_actor integer, p_ip text)
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
           WHERE event_id = p_event_id AND status = 'waiting' ORDER BY ${order} LIMIT 1 FOR UPDATE;
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
      $fn$`;
}
