import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (issue 33 §1; docs/decisions/integraciones.md).
 *
 * - `webhook_endpoints`: a receiver's URL, the events it wants, its state and its signing secret (kept as is: it must
 *   sign; the decision says why), the previous secret while a rotation's 24 h last, failures in a row, and the cursor:
 *   the publication order (`published_at`, `seq`) of the last domain event taken into its line.
 * - `webhook_entregas`: one row per endpoint and domain event (`webhook_entregas_event_key`: a second fan-out of the
 *   same event is a no-op), its id the `Aforo-Delivery` the receiver deduplicates on, the body frozen when the row is
 *   made (every attempt sends the same bytes), in the relay's publication order (`orden_at`, `orden_seq`), and the
 *   last attempt's answer. `event_id` is null for a 'probar' ping.
 * - `domain_events_published_at_idx`: each endpoint's line reads the events published after its cursor, in order.
 */
export class Webhooks1766600000000 implements MigrationInterface {
  name = 'Webhooks1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id serial PRIMARY KEY,
        url text NOT NULL,
        descripcion text,
        eventos text[] NOT NULL,
        estado text NOT NULL DEFAULT 'activo',
        motivo text,
        secreto text NOT NULL,
        secreto_anterior text,
        secreto_anterior_hasta timestamptz,
        fallos_seguidos integer NOT NULL DEFAULT 0,
        cursor_at timestamptz NOT NULL DEFAULT now(),
        cursor_seq bigint NOT NULL DEFAULT 0,
        creado_por integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_endpoints_estado_check CHECK (estado IN ('activo', 'pausado', 'deshabilitado')),
        CONSTRAINT webhook_endpoints_eventos_check CHECK (cardinality(eventos) > 0)
      )`);
    await q.query(`
      CREATE TABLE webhook_entregas (
        id uuid PRIMARY KEY,
        endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id uuid,
        evento text NOT NULL,
        cuerpo text NOT NULL,
        orden_at timestamptz NOT NULL,
        orden_seq bigint NOT NULL DEFAULT 0,
        estado text NOT NULL DEFAULT 'pendiente',
        intentos integer NOT NULL DEFAULT 0,
        proximo_intento_at timestamptz NOT NULL DEFAULT now(),
        codigo_respuesta integer,
        latencia_ms integer,
        respuesta text,
        error text,
        ultimo_intento_at timestamptz,
        entregada_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_entregas_estado_check CHECK (estado IN ('pendiente', 'entregada', 'fallida')),
        CONSTRAINT webhook_entregas_event_key UNIQUE (endpoint_id, event_id)
      )`);
    // The line: the oldest pending delivery of an endpoint, in publication order.
    await q.query(
      `CREATE INDEX webhook_entregas_line_idx ON webhook_entregas (endpoint_id, orden_at, orden_seq) WHERE estado = 'pendiente'`,
    );
    // The log: an endpoint's deliveries, newest first.
    await q.query(`CREATE INDEX webhook_entregas_log_idx ON webhook_entregas (endpoint_id, created_at DESC)`);
    await q.query(`CREATE INDEX domain_events_published_at_idx ON domain_events (published_at, seq) WHERE published_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX domain_events_published_at_idx`);
    await q.query(`DROP TABLE webhook_entregas`);
    await q.query(`DROP TABLE webhook_endpoints`);
  }
}
