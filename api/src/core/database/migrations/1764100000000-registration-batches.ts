import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Public registrations in batches (group commit): `register_external_batch(slug, rows)` takes the
 * registrations the API gathered for one event while its previous batch was in the database, and
 * decides each one in arrival order under ONE lock of the event row: a place is taken only while the
 * event is published and not full, a repeated e-mail (case and spaces ignored) is skipped without
 * taking a place, and each accepted registration writes its `registration.created` domain event to
 * the outbox in the same transaction. The counter moves once per batch, so `current_attendees`
 * always equals the rows. One round trip, one commit (one WAL flush) per batch instead of per
 * registration. Outcome per input row (by `ord`): ok | duplicate | full | not_found | draft |
 * cancelled | completed.
 */
export class RegistrationBatches1764100000000 implements MigrationInterface {
  name = 'RegistrationBatches1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION register_external_batch(p_slug text, p_rows jsonb)
      RETURNS TABLE (ord integer, outcome text, registration_id integer, registration_status text)
      LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      DECLARE
        ev record;
        r record;
        reg external_registrations%ROWTYPE;
        free integer;
        taken integer := 0;
      BEGIN
        SELECT e.id, e.status, e.max_attendees, e.current_attendees INTO ev
          FROM external_events e WHERE e.slug = p_slug FOR UPDATE;
        IF NOT FOUND OR ev.status <> 'published' THEN
          RETURN QUERY SELECT x.ord::integer, CASE WHEN ev.id IS NULL THEN 'not_found' ELSE ev.status END, NULL::integer, NULL::text
            FROM jsonb_array_elements(p_rows) WITH ORDINALITY AS x(item, ord);
          RETURN;
        END IF;
        free := ev.max_attendees - ev.current_attendees;
        FOR r IN
          SELECT x.ord::integer AS ord, x.item ->> 'nombre' AS nombre, x.item ->> 'apellido_paterno' AS apellido_paterno,
                 x.item ->> 'apellido_materno' AS apellido_materno, (x.item ->> 'fecha_nacimiento')::date AS fecha_nacimiento,
                 x.item ->> 'phone' AS phone, x.item ->> 'email' AS email, x.item ->> 'empresa' AS empresa,
                 x.item ->> 'tipo_participante' AS tipo_participante, (x.item ->> 'actor_id')::integer AS actor_id,
                 x.item ->> 'ip' AS ip
            FROM jsonb_array_elements(p_rows) WITH ORDINALITY AS x(item, ord)
           ORDER BY x.ord
        LOOP
          IF free <= 0 THEN
            ord := r.ord; outcome := 'full'; registration_id := NULL; registration_status := NULL;
            RETURN NEXT;
            CONTINUE;
          END IF;
          INSERT INTO external_registrations (event_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, phone, email, empresa, tipo_participante)
          VALUES (ev.id, r.nombre, r.apellido_paterno, r.apellido_materno, r.fecha_nacimiento, r.phone, r.email, r.empresa, r.tipo_participante)
          ON CONFLICT DO NOTHING
          RETURNING * INTO reg;
          IF NOT FOUND THEN
            ord := r.ord; outcome := 'duplicate'; registration_id := NULL; registration_status := NULL;
            RETURN NEXT;
            CONTINUE;
          END IF;
          free := free - 1;
          taken := taken + 1;
          INSERT INTO domain_events (id, type, actor_id, ip, resource_type, resource_id, payload)
          VALUES (gen_random_uuid(), 'registration.created', r.actor_id, r.ip, 'external_registration', reg.id::text,
                  jsonb_build_object('event_id', reg.event_id, 'registration', jsonb_build_object(
                    'id', reg.id, 'nombre', reg.nombre, 'apellido_paterno', reg.apellido_paterno, 'apellido_materno', reg.apellido_materno,
                    'fecha_nacimiento', to_char(reg.fecha_nacimiento, 'YYYY-MM-DD'), 'phone', reg.phone, 'email', reg.email, 'curp', reg.curp,
                    'empresa', reg.empresa, 'tipo_participante', reg.tipo_participante, 'status', reg.status,
                    'created_at', to_char(reg.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                    'updated_at', to_char(reg.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))));
          ord := r.ord; outcome := 'ok'; registration_id := reg.id; registration_status := reg.status;
          RETURN NEXT;
        END LOOP;
        IF taken > 0 THEN
          UPDATE external_events SET current_attendees = current_attendees + taken, version = version + 1 WHERE id = ev.id;
        END IF;
      END
      $fn$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION register_external_batch(text, jsonb)`);
  }
}
