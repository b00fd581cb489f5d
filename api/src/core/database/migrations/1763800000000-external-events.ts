import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ExternalEvents1763800000000 implements MigrationInterface {
  name = 'ExternalEvents1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE images (
        id uuid PRIMARY KEY,
        content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
        bytes bytea NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE external_events (
        id serial PRIMARY KEY,
        title text NOT NULL,
        description text NOT NULL,
        event_date timestamptz NOT NULL,
        end_date timestamptz,
        location text NOT NULL,
        max_attendees integer NOT NULL DEFAULT 50,
        current_attendees integer NOT NULL DEFAULT 0,
        status text NOT NULL DEFAULT 'draft',
        image_url text,
        slug text NOT NULL,
        is_featured boolean NOT NULL DEFAULT false,
        requirements jsonb NOT NULL DEFAULT '[]'::jsonb,
        agenda jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- Grows with every change of the row (counts included): pushes carry it so clients keep the newest.
        version bigint NOT NULL DEFAULT 1,
        CONSTRAINT external_events_status_check CHECK (status IN ('draft', 'published', 'cancelled', 'completed')),
        CONSTRAINT external_events_capacity_check CHECK (max_attendees >= 1 AND current_attendees >= 0 AND current_attendees <= max_attendees),
        CONSTRAINT external_events_featured_published CHECK (NOT is_featured OR status = 'published'),
        CONSTRAINT external_events_dates_check CHECK (end_date IS NULL OR end_date >= event_date)
      )`);
    await q.query(`CREATE UNIQUE INDEX external_events_slug_key ON external_events (slug)`);
    // At most one featured event, guaranteed by the database.
    await q.query(`CREATE UNIQUE INDEX external_events_one_featured ON external_events (is_featured) WHERE is_featured`);
    await q.query(`CREATE INDEX external_events_public_idx ON external_events (status, event_date)`);

    await q.query(`
      CREATE TABLE external_registrations (
        id serial PRIMARY KEY,
        event_id integer NOT NULL REFERENCES external_events (id) ON DELETE CASCADE,
        nombre text NOT NULL,
        apellido_paterno text NOT NULL,
        apellido_materno text NOT NULL,
        fecha_nacimiento date NOT NULL,
        phone text NOT NULL,
        email text NOT NULL,
        curp text,
        empresa text,
        tipo_participante text NOT NULL,
        status text NOT NULL DEFAULT 'registered',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT external_registrations_status_check CHECK (status IN ('registered', 'attended', 'no_show', 'cancelled'))
      )`);
    // One registration per e-mail per event, whatever the case and spaces.
    await q.query(`CREATE UNIQUE INDEX external_registrations_event_email_key ON external_registrations (event_id, lower(btrim(email)))`);
    await q.query(`CREATE INDEX external_registrations_event_created_idx ON external_registrations (event_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE external_registrations`);
    await q.query(`DROP TABLE external_events`);
    await q.query(`DROP TABLE images`);
  }
}
