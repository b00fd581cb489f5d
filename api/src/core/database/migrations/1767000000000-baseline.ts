import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createSqlFunctions, registeredSqlFunctionNames } from '../sql-functions';

/**
 * The schema as the 28 migrations before it left it (up to PersonaDuplicatePairs1766900000000, commit c916eb2),
 * in one statement list: the squash of docs/decisions/plataforma.md «Una línea base en lugar de 28 migraciones».
 *
 * - An empty database gets every table with its sequence, defaults, constraints and indexes, table by table, then
 *   the foreign keys; then the areas' SQL functions (their bodies are checked against the final schema by the sync
 *   after the migrations), the triggers, and the one row of `personas_counts`. The text is `pg_dump --schema-only`
 *   of a database migrated through the old chain, regrouped by table, without the functions (they live in the
 *   areas' `*.sql.ts`); a database built from it dumps the same, byte for byte.
 * - A database that ran all 28 is already this schema: nothing runs (their rows stay in `migrations`, so the code
 *   before the squash still finds them all run). One that ran only some of them stops with a message: it updates first to c916eb2 (which has the
 *   old chain), then here. A fresh or an up-to-date database is all the product has ever been deployed as.
 * - Why each table, column and constraint is there: the areas' entities, decisions and the old migrations in git
 *   history (`git show c916eb2:api/src/core/database/migrations/`).
 */
export class Baseline1767000000000 implements MigrationInterface {
  name = 'Baseline1767000000000';

  async up(q: QueryRunner): Promise<void> {
    const [{ ran }]: Array<{ ran: number }> = await q.query(`SELECT count(*)::int AS ran FROM migrations WHERE name = ANY($1)`, [SQUASHED]);
    if (ran === SQUASHED.length) return;
    if (ran > 0) {
      throw new Error(
        `La base de datos tiene ${ran} de las ${SQUASHED.length} migraciones anteriores a la línea base: ` +
          `actualízala primero con la versión c916eb2 (npm run migrate) y después con esta.`,
      );
    }
    // The tables, the functions (some take a table's row), then the triggers that call them. One default calls a
    // function (a registration's door code): that one exists before its table.
    await createSqlFunctions(q, ['external_door_code']);
    await q.query(TABLES);
    await createSqlFunctions(q, registeredSqlFunctionNames(q));
    await q.query(TRIGGERS);
    await q.query(`INSERT INTO personas_counts (id, total, red, orange, green) VALUES (true, 0, 0, 0, 0)`);
  }

  async down(): Promise<void> {
    throw new Error('La línea base no se deshace: es el esquema entero (restaura un respaldo).');
  }
}

/** The migrations this one replaces, by their `name` (a database migrated before the squash lists them all). */
export const SQUASHED = [
  'PlatformFoundation1763700000000',
  'ExternalEvents1763800000000',
  'People1763900000000',
  'PeopleImportSpeed1764000000000',
  'RegistrationBatches1764100000000',
  'PersonasCatalogueChecks1764200000000',
  'ImportAllRowErrors1764300000000',
  'Spaces1764400000000',
  'InternalEvents1764500000000',
  'Programs1764600000000',
  'Seating1764700000000',
  'Mail1764800000000',
  'CitizenJourney1764900000000',
  'Notify1765000000000',
  'ProgramWaitlist1765100000000',
  'WaitlistConfirm1765300000000',
  'FirstPassword1765400000000',
  'PrivacyArco1765500000000',
  'PrivacyConsentRetention1765600000000',
  'Door1765700000000',
  'WaitlistEngine1765800000000',
  'IdempotencyKeys1765900000000',
  'PersonaDuplicates1766400000000',
  'PersonaMerges1766500000000',
  'Webhooks1766600000000',
  'ApiTokens1766700000000',
  'CalendarSequence1766800000000',
  'PersonaDuplicatePairs1766900000000',
];

/** Tables, sequences, defaults, constraints and indexes, table by table; the foreign keys last. */
const TABLES = String.raw`
CREATE TABLE public.api_tokens (
    id integer NOT NULL,
    user_id integer NOT NULL,
    name text NOT NULL,
    prefix text NOT NULL,
    token_hash text NOT NULL,
    permissions jsonb NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone,
    last_used_ip text,
    revoked_at timestamp with time zone,
    revoked_by integer,
    CONSTRAINT api_tokens_name_check CHECK (((char_length(name) >= 1) AND (char_length(name) <= 100))),
    CONSTRAINT api_tokens_permissions_check CHECK ((jsonb_typeof(permissions) = 'object'::text))
);

CREATE SEQUENCE public.api_tokens_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.api_tokens_id_seq OWNED BY public.api_tokens.id;

ALTER TABLE ONLY public.api_tokens ALTER COLUMN id SET DEFAULT nextval('public.api_tokens_id_seq'::regclass);

ALTER TABLE ONLY public.api_tokens
    ADD CONSTRAINT api_tokens_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.api_tokens
    ADD CONSTRAINT api_tokens_token_hash_key UNIQUE (token_hash);

CREATE INDEX api_tokens_user_id_idx ON public.api_tokens USING btree (user_id);

CREATE UNIQUE INDEX api_tokens_user_name_key ON public.api_tokens USING btree (user_id, lower(name)) WHERE (revoked_at IS NULL);


CREATE TABLE public.asiento_asignaciones (
    id integer NOT NULL,
    evento_interno_id integer NOT NULL,
    asiento_id integer NOT NULL,
    persona_id integer NOT NULL,
    asignacion_masiva_id uuid,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.asiento_asignaciones_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.asiento_asignaciones_id_seq OWNED BY public.asiento_asignaciones.id;

ALTER TABLE ONLY public.asiento_asignaciones ALTER COLUMN id SET DEFAULT nextval('public.asiento_asignaciones_id_seq'::regclass);

ALTER TABLE ONLY public.asiento_asignaciones
    ADD CONSTRAINT asiento_asignaciones_evento_asiento_key UNIQUE (evento_interno_id, asiento_id);

ALTER TABLE ONLY public.asiento_asignaciones
    ADD CONSTRAINT asiento_asignaciones_evento_persona_key UNIQUE (evento_interno_id, persona_id);

ALTER TABLE ONLY public.asiento_asignaciones
    ADD CONSTRAINT asiento_asignaciones_pkey PRIMARY KEY (id);

CREATE INDEX asiento_asignaciones_asiento_idx ON public.asiento_asignaciones USING btree (asiento_id);

CREATE INDEX asiento_asignaciones_masiva_idx ON public.asiento_asignaciones USING btree (asignacion_masiva_id) WHERE (asignacion_masiva_id IS NOT NULL);


CREATE TABLE public.asientos (
    id integer NOT NULL,
    seccion_id integer NOT NULL,
    espacio_id integer NOT NULL,
    fila smallint NOT NULL,
    numero smallint NOT NULL,
    codigo character varying(20) NOT NULL
);

CREATE SEQUENCE public.asientos_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.asientos_id_seq OWNED BY public.asientos.id;

ALTER TABLE ONLY public.asientos ALTER COLUMN id SET DEFAULT nextval('public.asientos_id_seq'::regclass);

ALTER TABLE ONLY public.asientos
    ADD CONSTRAINT asientos_espacio_codigo_key UNIQUE (espacio_id, codigo) DEFERRABLE;

ALTER TABLE ONLY public.asientos
    ADD CONSTRAINT asientos_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.asientos
    ADD CONSTRAINT asientos_seccion_fila_numero_key UNIQUE (seccion_id, fila, numero);


CREATE TABLE public.asignaciones_masivas (
    id uuid NOT NULL,
    evento_interno_id integer NOT NULL,
    seccion_id integer NOT NULL,
    persona_ids integer[] NOT NULL,
    status text DEFAULT 'queued'::text NOT NULL,
    processed integer DEFAULT 0 NOT NULL,
    assigned_count integer DEFAULT 0 NOT NULL,
    failed_count integer DEFAULT 0 NOT NULL,
    message text,
    failure_reasons jsonb DEFAULT '[]'::jsonb NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    undone_at timestamp with time zone,
    released_count integer,
    CONSTRAINT asignaciones_masivas_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'processing'::text, 'completed'::text, 'failed'::text])))
);

ALTER TABLE ONLY public.asignaciones_masivas
    ADD CONSTRAINT asignaciones_masivas_pkey PRIMARY KEY (id);

CREATE INDEX asignaciones_masivas_evento_idx ON public.asignaciones_masivas USING btree (evento_interno_id, created_at DESC);


CREATE TABLE public.audit_logs (
    id integer NOT NULL,
    event_id uuid NOT NULL,
    user_id integer,
    action text NOT NULL,
    event_type text NOT NULL,
    resource_type text,
    resource_id text,
    ip text,
    created_at timestamp with time zone NOT NULL,
    api_token_id integer
);

CREATE SEQUENCE public.audit_logs_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.audit_logs_id_seq OWNED BY public.audit_logs.id;

ALTER TABLE ONLY public.audit_logs ALTER COLUMN id SET DEFAULT nextval('public.audit_logs_id_seq'::regclass);

ALTER TABLE ONLY public.audit_logs
    ADD CONSTRAINT audit_logs_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX audit_logs_event_id_key ON public.audit_logs USING btree (event_id);

CREATE INDEX audit_logs_user_created_idx ON public.audit_logs USING btree (user_id, created_at DESC);


CREATE TABLE public.avisos_privacidad (
    version integer NOT NULL,
    texto text NOT NULL,
    publicado_at timestamp with time zone DEFAULT now() NOT NULL,
    publicado_por integer,
    CONSTRAINT avisos_privacidad_texto_check CHECK ((btrim(texto) <> ''::text)),
    CONSTRAINT avisos_privacidad_version_check CHECK ((version >= 1))
);

ALTER TABLE ONLY public.avisos_privacidad
    ADD CONSTRAINT avisos_privacidad_pkey PRIMARY KEY (version);


CREATE TABLE public.confirmacion_intentos_fallidos (
    id bigint NOT NULL,
    evento_interno_id integer NOT NULL,
    ip text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.confirmacion_intentos_fallidos_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.confirmacion_intentos_fallidos_id_seq OWNED BY public.confirmacion_intentos_fallidos.id;

ALTER TABLE ONLY public.confirmacion_intentos_fallidos ALTER COLUMN id SET DEFAULT nextval('public.confirmacion_intentos_fallidos_id_seq'::regclass);

ALTER TABLE ONLY public.confirmacion_intentos_fallidos
    ADD CONSTRAINT confirmacion_intentos_fallidos_pkey PRIMARY KEY (id);

CREATE INDEX confirmacion_intentos_evento_idx ON public.confirmacion_intentos_fallidos USING btree (evento_interno_id, created_at DESC);


CREATE TABLE public.conservacion_ejecuciones (
    id integer NOT NULL,
    origen text NOT NULL,
    user_id integer,
    conteos jsonb NOT NULL,
    total integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT conservacion_ejecuciones_origen_check CHECK ((origen = ANY (ARRAY['programada'::text, 'manual'::text])))
);

CREATE SEQUENCE public.conservacion_ejecuciones_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.conservacion_ejecuciones_id_seq OWNED BY public.conservacion_ejecuciones.id;

ALTER TABLE ONLY public.conservacion_ejecuciones ALTER COLUMN id SET DEFAULT nextval('public.conservacion_ejecuciones_id_seq'::regclass);

ALTER TABLE ONLY public.conservacion_ejecuciones
    ADD CONSTRAINT conservacion_ejecuciones_pkey PRIMARY KEY (id);

CREATE INDEX conservacion_ejecuciones_created_idx ON public.conservacion_ejecuciones USING btree (created_at DESC);


CREATE TABLE public.correo_supresiones (
    email text NOT NULL,
    motivo text NOT NULL,
    solicitud_id integer,
    correo_id bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT correo_supresiones_email_check CHECK (((email = lower(btrim(email))) AND (email <> ''::text))),
    CONSTRAINT correo_supresiones_motivo_check CHECK ((motivo = ANY (ARRAY['oposicion'::text, 'baja'::text])))
);

ALTER TABLE ONLY public.correo_supresiones
    ADD CONSTRAINT correo_supresiones_pkey PRIMARY KEY (email);


CREATE TABLE public.correos (
    id bigint NOT NULL,
    idempotency_key text NOT NULL,
    template text NOT NULL,
    to_email text NOT NULL,
    to_name text,
    data jsonb NOT NULL,
    ref_type text,
    ref_id integer,
    status text DEFAULT 'queued'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    last_error text,
    message_id text,
    provider_message_id text,
    subject text,
    html text,
    text text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    purgado_at timestamp with time zone,
    CONSTRAINT correos_ref_check CHECK (((ref_type IS NULL) = (ref_id IS NULL))),
    CONSTRAINT correos_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'sending'::text, 'sent'::text, 'failed'::text, 'stored'::text, 'suppressed'::text])))
);

CREATE SEQUENCE public.correos_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.correos_id_seq OWNED BY public.correos.id;

ALTER TABLE ONLY public.correos ALTER COLUMN id SET DEFAULT nextval('public.correos_id_seq'::regclass);

ALTER TABLE ONLY public.correos
    ADD CONSTRAINT correos_idempotency_key_key UNIQUE (idempotency_key);

ALTER TABLE ONLY public.correos
    ADD CONSTRAINT correos_pkey PRIMARY KEY (id);

CREATE INDEX correos_pending_idx ON public.correos USING btree (updated_at) WHERE (status = ANY (ARRAY['queued'::text, 'sending'::text]));

CREATE INDEX correos_ref_idx ON public.correos USING btree (ref_type, ref_id, id DESC) WHERE (ref_type IS NOT NULL);

CREATE INDEX correos_status_idx ON public.correos USING btree (status, id DESC);


CREATE TABLE public.domain_events (
    id uuid NOT NULL,
    seq bigint NOT NULL,
    type text NOT NULL,
    actor_id integer,
    ip text,
    resource_type text,
    resource_id text,
    payload jsonb NOT NULL,
    occurred_at timestamp with time zone DEFAULT now() NOT NULL,
    published_at timestamp with time zone,
    api_token_id integer
);

ALTER TABLE public.domain_events ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.domain_events_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.domain_events
    ADD CONSTRAINT domain_events_pkey PRIMARY KEY (id);

CREATE INDEX domain_events_published_at_idx ON public.domain_events USING btree (published_at, seq) WHERE (published_at IS NOT NULL);

CREATE INDEX domain_events_unpublished_idx ON public.domain_events USING btree (seq) WHERE (published_at IS NULL);


CREATE TABLE public.door_gates (
    event_kind text NOT NULL,
    event_id integer NOT NULL,
    gate text NOT NULL,
    entries integer DEFAULT 0 NOT NULL,
    exits integer DEFAULT 0 NOT NULL,
    CONSTRAINT door_gates_counts_check CHECK (((entries >= 0) AND (exits >= 0)))
);

ALTER TABLE ONLY public.door_gates
    ADD CONSTRAINT door_gates_pkey PRIMARY KEY (event_kind, event_id, gate);


CREATE TABLE public.door_minutes (
    event_kind text NOT NULL,
    event_id integer NOT NULL,
    minute timestamp with time zone NOT NULL,
    inside integer NOT NULL
);

ALTER TABLE ONLY public.door_minutes
    ADD CONSTRAINT door_minutes_pkey PRIMARY KEY (event_kind, event_id, minute);


CREATE TABLE public.door_occupancy (
    event_kind text NOT NULL,
    event_id integer NOT NULL,
    inside integer DEFAULT 0 NOT NULL,
    capacity integer,
    alarm_level smallint DEFAULT 0 NOT NULL,
    previous_level smallint DEFAULT 0 NOT NULL,
    stop_lifted boolean DEFAULT false NOT NULL,
    code_salt text DEFAULT md5((gen_random_uuid())::text) NOT NULL,
    version bigint DEFAULT 0 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT door_occupancy_inside_check CHECK ((inside >= 0))
);

ALTER TABLE ONLY public.door_occupancy
    ADD CONSTRAINT door_occupancy_pkey PRIMARY KEY (event_kind, event_id);


CREATE TABLE public.door_presence (
    event_kind text NOT NULL,
    event_id integer NOT NULL,
    holder_id integer NOT NULL,
    inside boolean NOT NULL,
    gate text NOT NULL,
    scan_id uuid,
    changed_at timestamp with time zone NOT NULL
);

ALTER TABLE ONLY public.door_presence
    ADD CONSTRAINT door_presence_pkey PRIMARY KEY (event_kind, event_id, holder_id);

CREATE INDEX door_presence_inside_idx ON public.door_presence USING btree (event_kind, event_id, holder_id) WHERE inside;


CREATE TABLE public.door_scans (
    id bigint NOT NULL,
    scan_id uuid NOT NULL,
    event_kind text NOT NULL,
    event_id integer NOT NULL,
    holder_id integer,
    code text NOT NULL,
    gate text NOT NULL,
    direction text NOT NULL,
    result text,
    offline boolean DEFAULT false NOT NULL,
    conflict_with uuid,
    scanned_at timestamp with time zone NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    actor_id integer,
    CONSTRAINT door_scans_direction_check CHECK ((direction = ANY (ARRAY['in'::text, 'out'::text]))),
    CONSTRAINT door_scans_kind_check CHECK ((event_kind = ANY (ARRAY['externo'::text, 'interno'::text]))),
    CONSTRAINT door_scans_result_check CHECK (((result IS NULL) OR (result = ANY (ARRAY['admitted'::text, 'exited'::text, 'already_inside'::text, 'not_inside'::text, 'full'::text, 'conflict'::text, 'cancelled'::text, 'unknown'::text]))))
);

CREATE SEQUENCE public.door_scans_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.door_scans_id_seq OWNED BY public.door_scans.id;

ALTER TABLE ONLY public.door_scans ALTER COLUMN id SET DEFAULT nextval('public.door_scans_id_seq'::regclass);

ALTER TABLE ONLY public.door_scans
    ADD CONSTRAINT door_scans_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.door_scans
    ADD CONSTRAINT door_scans_scan_id_key UNIQUE (scan_id);

CREATE INDEX door_scans_conflicts_idx ON public.door_scans USING btree (event_kind, event_id, received_at) WHERE (result = 'conflict'::text);

CREATE INDEX door_scans_event_idx ON public.door_scans USING btree (event_kind, event_id, received_at);


CREATE TABLE public.empresas (
    id integer NOT NULL,
    nombre text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT empresas_nombre_upper CHECK (((nombre = upper(btrim(nombre))) AND (nombre <> ''::text)))
);

CREATE SEQUENCE public.empresas_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.empresas_id_seq OWNED BY public.empresas.id;

ALTER TABLE ONLY public.empresas ALTER COLUMN id SET DEFAULT nextval('public.empresas_id_seq'::regclass);

ALTER TABLE ONLY public.empresas
    ADD CONSTRAINT empresas_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX empresas_nombre_key ON public.empresas USING btree (nombre);


CREATE TABLE public.envios_invitaciones (
    id uuid NOT NULL,
    evento_interno_id integer NOT NULL,
    persona_ids integer[] NOT NULL,
    status text DEFAULT 'queued'::text NOT NULL,
    processed integer DEFAULT 0 NOT NULL,
    queued_count integer DEFAULT 0 NOT NULL,
    skipped_count integer DEFAULT 0 NOT NULL,
    message text,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    CONSTRAINT envios_invitaciones_counts_check CHECK (((processed >= 0) AND (queued_count >= 0) AND (skipped_count >= 0) AND ((queued_count + skipped_count) = processed) AND (processed <= cardinality(persona_ids)))),
    CONSTRAINT envios_invitaciones_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'processing'::text, 'completed'::text, 'failed'::text])))
);

ALTER TABLE ONLY public.envios_invitaciones
    ADD CONSTRAINT envios_invitaciones_pkey PRIMARY KEY (id);

CREATE INDEX envios_invitaciones_evento_idx ON public.envios_invitaciones USING btree (evento_interno_id, created_at DESC);


CREATE TABLE public.espacios (
    id integer NOT NULL,
    nombre character varying(150) NOT NULL,
    descripcion text,
    layout_config character varying(100),
    pasillos jsonb DEFAULT '[]'::jsonb NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint DEFAULT 1 NOT NULL
);

CREATE SEQUENCE public.espacios_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.espacios_id_seq OWNED BY public.espacios.id;

ALTER TABLE ONLY public.espacios ALTER COLUMN id SET DEFAULT nextval('public.espacios_id_seq'::regclass);

ALTER TABLE ONLY public.espacios
    ADD CONSTRAINT espacios_pkey PRIMARY KEY (id);


CREATE TABLE public.evento_asientos_version (
    evento_interno_id integer NOT NULL,
    version bigint DEFAULT 0 NOT NULL
);

ALTER TABLE ONLY public.evento_asientos_version
    ADD CONSTRAINT evento_asientos_version_pkey PRIMARY KEY (evento_interno_id);


CREATE TABLE public.evento_asistentes (
    evento_interno_id integer NOT NULL,
    persona_id integer NOT NULL,
    confirmacion text DEFAULT 'pendiente'::text NOT NULL,
    confirmation_code character(5) NOT NULL,
    confirmed_at timestamp with time zone,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    invitacion_enviada_at timestamp with time zone,
    invitacion_envio_id uuid,
    CONSTRAINT evento_asistentes_code_check CHECK ((confirmation_code ~ '^[A-HJKMNP-Z2-9]{5}$'::text)),
    CONSTRAINT evento_asistentes_confirmacion_check CHECK ((confirmacion = ANY (ARRAY['pendiente'::text, 'confirmado'::text, 'rechazado'::text, 'asistio'::text, 'no_asistio'::text])))
);

ALTER TABLE ONLY public.evento_asistentes
    ADD CONSTRAINT evento_asistentes_code_key UNIQUE (evento_interno_id, confirmation_code);

ALTER TABLE ONLY public.evento_asistentes
    ADD CONSTRAINT evento_asistentes_pkey PRIMARY KEY (evento_interno_id, persona_id);

CREATE INDEX evento_asistentes_persona_idx ON public.evento_asistentes USING btree (persona_id);


CREATE TABLE public.evento_espacios (
    evento_interno_id integer NOT NULL,
    espacio_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.evento_espacios
    ADD CONSTRAINT evento_espacios_pkey PRIMARY KEY (evento_interno_id, espacio_id);

CREATE INDEX evento_espacios_espacio_idx ON public.evento_espacios USING btree (espacio_id);


CREATE TABLE public.eventos_internos (
    id integer NOT NULL,
    slug character varying(80) NOT NULL,
    titulo character varying(200) NOT NULL,
    descripcion text,
    fecha_evento timestamp with time zone NOT NULL,
    fecha_fin timestamp with time zone,
    ubicacion character varying(300),
    tipo text DEFAULT 'reunion'::text NOT NULL,
    estado text DEFAULT 'borrador'::text NOT NULL,
    notas jsonb DEFAULT '[]'::jsonb NOT NULL,
    permite_seleccion_asiento boolean DEFAULT false NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    aforo_maximo integer,
    CONSTRAINT eventos_internos_aforo_maximo_check CHECK (((aforo_maximo IS NULL) OR ((aforo_maximo >= 1) AND (aforo_maximo <= 1000000)))),
    CONSTRAINT eventos_internos_estado_check CHECK ((estado = ANY (ARRAY['borrador'::text, 'confirmado'::text, 'cancelado'::text, 'completado'::text]))),
    CONSTRAINT eventos_internos_fechas_check CHECK (((fecha_fin IS NULL) OR (fecha_fin >= fecha_evento))),
    CONSTRAINT eventos_internos_slug_check CHECK ((((slug)::text ~ '^[a-z0-9-]{1,80}$'::text) AND ((slug)::text ~ '[a-z]'::text))),
    CONSTRAINT eventos_internos_tipo_check CHECK ((tipo = ANY (ARRAY['reunion'::text, 'presentacion'::text, 'conferencia'::text, 'taller'::text, 'otro'::text])))
);

CREATE SEQUENCE public.eventos_internos_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.eventos_internos_id_seq OWNED BY public.eventos_internos.id;

ALTER TABLE ONLY public.eventos_internos ALTER COLUMN id SET DEFAULT nextval('public.eventos_internos_id_seq'::regclass);

ALTER TABLE ONLY public.eventos_internos
    ADD CONSTRAINT eventos_internos_pkey PRIMARY KEY (id);

CREATE INDEX eventos_internos_fecha_idx ON public.eventos_internos USING btree (fecha_evento DESC, id DESC);

CREATE UNIQUE INDEX eventos_internos_slug_key ON public.eventos_internos USING btree (slug);


CREATE TABLE public.external_events (
    id integer NOT NULL,
    title text NOT NULL,
    description text NOT NULL,
    event_date timestamp with time zone NOT NULL,
    end_date timestamp with time zone,
    location text NOT NULL,
    max_attendees integer DEFAULT 50 NOT NULL,
    current_attendees integer DEFAULT 0 NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    image_url text,
    slug text NOT NULL,
    is_featured boolean DEFAULT false NOT NULL,
    requirements jsonb DEFAULT '[]'::jsonb NOT NULL,
    agenda jsonb DEFAULT '[]'::jsonb NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    held_places integer DEFAULT 0 NOT NULL,
    waitlist_count integer DEFAULT 0 NOT NULL,
    aforo_maximo integer,
    calendar_sequence integer DEFAULT 0 NOT NULL,
    CONSTRAINT external_events_aforo_maximo_check CHECK (((aforo_maximo IS NULL) OR ((aforo_maximo >= 1) AND (aforo_maximo <= 1000000)))),
    CONSTRAINT external_events_capacity_check CHECK (((max_attendees >= 1) AND (current_attendees >= 0) AND (held_places >= 0) AND (waitlist_count >= 0) AND ((current_attendees + held_places) <= max_attendees))),
    CONSTRAINT external_events_dates_check CHECK (((end_date IS NULL) OR (end_date >= event_date))),
    CONSTRAINT external_events_featured_published CHECK (((NOT is_featured) OR (status = 'published'::text))),
    CONSTRAINT external_events_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'published'::text, 'cancelled'::text, 'completed'::text])))
);

CREATE SEQUENCE public.external_events_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.external_events_id_seq OWNED BY public.external_events.id;

ALTER TABLE ONLY public.external_events ALTER COLUMN id SET DEFAULT nextval('public.external_events_id_seq'::regclass);

ALTER TABLE ONLY public.external_events
    ADD CONSTRAINT external_events_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX external_events_one_featured ON public.external_events USING btree (is_featured) WHERE is_featured;

CREATE INDEX external_events_public_idx ON public.external_events USING btree (status, event_date);

CREATE UNIQUE INDEX external_events_slug_key ON public.external_events USING btree (slug);


CREATE TABLE public.external_registrations (
    id integer NOT NULL,
    event_id integer NOT NULL,
    nombre text NOT NULL,
    apellido_paterno text NOT NULL,
    apellido_materno text NOT NULL,
    fecha_nacimiento date,
    phone text,
    email text NOT NULL,
    curp text,
    empresa text,
    tipo_participante text NOT NULL,
    status text DEFAULT 'registered'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    codigo text DEFAULT public.external_door_code() NOT NULL,
    aviso_version integer,
    aviso_aceptado_at timestamp with time zone,
    anonimizado_at timestamp with time zone,
    CONSTRAINT external_registrations_codigo_check CHECK ((codigo ~ '^[ACDEFGHJKMNPQRTUVWXY34679]{8}$'::text)),
    CONSTRAINT external_registrations_status_check CHECK ((status = ANY (ARRAY['registered'::text, 'attended'::text, 'no_show'::text, 'cancelled'::text])))
);

CREATE SEQUENCE public.external_registrations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.external_registrations_id_seq OWNED BY public.external_registrations.id;

ALTER TABLE ONLY public.external_registrations ALTER COLUMN id SET DEFAULT nextval('public.external_registrations_id_seq'::regclass);

ALTER TABLE ONLY public.external_registrations
    ADD CONSTRAINT external_registrations_event_codigo_key UNIQUE (event_id, codigo);

ALTER TABLE ONLY public.external_registrations
    ADD CONSTRAINT external_registrations_pkey PRIMARY KEY (id);

CREATE INDEX external_registrations_event_created_idx ON public.external_registrations USING btree (event_id, created_at DESC);

CREATE UNIQUE INDEX external_registrations_event_email_key ON public.external_registrations USING btree (event_id, lower(btrim(email))) WHERE (status <> 'cancelled'::text);


CREATE TABLE public.external_waitlist (
    id integer NOT NULL,
    event_id integer NOT NULL,
    nombre text NOT NULL,
    apellido_paterno text NOT NULL,
    apellido_materno text NOT NULL,
    fecha_nacimiento date,
    phone text,
    email text NOT NULL,
    empresa text,
    tipo_participante text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    offer_count integer DEFAULT 0 NOT NULL,
    offered_until timestamp with time zone,
    registration_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    confirmed_at timestamp with time zone,
    confirm_until timestamp with time zone,
    aviso_version integer,
    aviso_aceptado_at timestamp with time zone,
    anonimizado_at timestamp with time zone,
    CONSTRAINT external_waitlist_accepted_check CHECK (((status <> 'accepted'::text) OR (offer_count > 0))),
    CONSTRAINT external_waitlist_confirm_check CHECK ((((status <> 'pending'::text) OR ((confirmed_at IS NULL) AND (confirm_until IS NOT NULL))) AND ((status <> ALL (ARRAY['waiting'::text, 'offered'::text, 'accepted'::text])) OR (confirmed_at IS NOT NULL)))),
    CONSTRAINT external_waitlist_offer_check CHECK (((status = 'offered'::text) = (offered_until IS NOT NULL))),
    CONSTRAINT external_waitlist_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'waiting'::text, 'offered'::text, 'accepted'::text, 'expired'::text, 'removed'::text])))
);

CREATE SEQUENCE public.external_waitlist_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.external_waitlist_id_seq OWNED BY public.external_waitlist.id;

ALTER TABLE ONLY public.external_waitlist ALTER COLUMN id SET DEFAULT nextval('public.external_waitlist_id_seq'::regclass);

ALTER TABLE ONLY public.external_waitlist
    ADD CONSTRAINT external_waitlist_pkey PRIMARY KEY (id);

CREATE INDEX external_waitlist_due_idx ON public.external_waitlist USING btree (offered_until) WHERE (status = 'offered'::text);

CREATE UNIQUE INDEX external_waitlist_event_email_key ON public.external_waitlist USING btree (event_id, lower(btrim(email))) WHERE (status = ANY (ARRAY['pending'::text, 'waiting'::text, 'offered'::text]));

CREATE INDEX external_waitlist_line_idx ON public.external_waitlist USING btree (event_id, confirmed_at, id) WHERE (status = ANY (ARRAY['waiting'::text, 'offered'::text]));

CREATE INDEX external_waitlist_pending_idx ON public.external_waitlist USING btree (confirm_until) WHERE (status = 'pending'::text);


CREATE TABLE public.idempotency_keys (
    scope text NOT NULL,
    key text NOT NULL,
    fingerprint text NOT NULL,
    owner uuid NOT NULL,
    locked_until timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    status smallint,
    body json,
    headers json,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT idempotency_keys_key_check CHECK (((char_length(key) >= 1) AND (char_length(key) <= 255))),
    CONSTRAINT idempotency_keys_status_check CHECK (((status IS NULL) OR ((status >= 100) AND (status <= 599))))
);

ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (scope, key);

CREATE INDEX idempotency_keys_expires_at_idx ON public.idempotency_keys USING btree (expires_at);


CREATE TABLE public.images (
    id uuid NOT NULL,
    content_type text NOT NULL,
    bytes bytea NOT NULL,
    width integer NOT NULL,
    height integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT images_content_type_check CHECK ((content_type = ANY (ARRAY['image/png'::text, 'image/jpeg'::text, 'image/gif'::text, 'image/webp'::text])))
);

ALTER TABLE ONLY public.images
    ADD CONSTRAINT images_pkey PRIMARY KEY (id);


CREATE TABLE public.persona_duplicado_claves (
    clave text NOT NULL COLLATE pg_catalog."C",
    persona_id integer NOT NULL
);

ALTER TABLE ONLY public.persona_duplicado_claves
    ADD CONSTRAINT persona_duplicado_claves_pkey PRIMARY KEY (clave, persona_id);

CREATE INDEX persona_duplicado_claves_persona_idx ON public.persona_duplicado_claves USING btree (persona_id);


CREATE TABLE public.persona_duplicado_indexadas (
    persona_id integer NOT NULL
);

ALTER TABLE ONLY public.persona_duplicado_indexadas
    ADD CONSTRAINT persona_duplicado_indexadas_pkey PRIMARY KEY (persona_id);


CREATE TABLE public.persona_duplicado_pares (
    persona_a integer NOT NULL,
    persona_b integer NOT NULL,
    score integer NOT NULL,
    reasons jsonb NOT NULL,
    CONSTRAINT persona_duplicado_pares_order CHECK ((persona_a < persona_b))
);

ALTER TABLE ONLY public.persona_duplicado_pares
    ADD CONSTRAINT persona_duplicado_pares_pkey PRIMARY KEY (persona_a, persona_b);

CREATE INDEX persona_duplicado_pares_b_idx ON public.persona_duplicado_pares USING btree (persona_b);

CREATE INDEX persona_duplicado_pares_score_idx ON public.persona_duplicado_pares USING btree (score DESC, persona_a, persona_b);


CREATE TABLE public.persona_fusiones (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    sobreviviente_id integer NOT NULL,
    fusionar_ids integer[] NOT NULL,
    campos jsonb DEFAULT '{}'::jsonb NOT NULL,
    movidos jsonb DEFAULT '{}'::jsonb NOT NULL,
    antes jsonb NOT NULL,
    despues_md5 text NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    deshecha_at timestamp with time zone,
    deshecha_por integer,
    CONSTRAINT persona_fusiones_ids_check CHECK (((cardinality(fusionar_ids) >= 1) AND (NOT (sobreviviente_id = ANY (fusionar_ids)))))
);

ALTER TABLE ONLY public.persona_fusiones
    ADD CONSTRAINT persona_fusiones_pkey PRIMARY KEY (id);

CREATE INDEX persona_fusiones_fusionados_idx ON public.persona_fusiones USING gin (fusionar_ids) WHERE (deshecha_at IS NULL);

CREATE INDEX persona_fusiones_sobreviviente_idx ON public.persona_fusiones USING btree (sobreviviente_id, created_at DESC);


CREATE TABLE public.persona_import_duplicados (
    import_id uuid NOT NULL,
    fila integer NOT NULL,
    tipo text NOT NULL,
    nombre text NOT NULL,
    apellido_paterno text NOT NULL,
    apellido_materno text NOT NULL,
    telefono_celular text,
    persona_id integer,
    score integer NOT NULL,
    reasons jsonb NOT NULL,
    estado text DEFAULT 'pendiente'::text NOT NULL,
    resuelta_por integer,
    resuelta_at timestamp with time zone,
    creada_id integer,
    CONSTRAINT persona_import_duplicados_estado CHECK ((estado = ANY (ARRAY['pendiente'::text, 'creada'::text, 'descartada'::text]))),
    CONSTRAINT persona_import_duplicados_tipo CHECK ((tipo = ANY (ARRAY['omitida'::text, 'revision'::text])))
);

ALTER TABLE ONLY public.persona_import_duplicados
    ADD CONSTRAINT persona_import_duplicados_pkey PRIMARY KEY (import_id, fila);

CREATE INDEX persona_import_duplicados_persona_idx ON public.persona_import_duplicados USING btree (persona_id);


CREATE TABLE public.persona_imports (
    id uuid NOT NULL,
    status text DEFAULT 'queued'::text NOT NULL,
    file_name text NOT NULL,
    file_size integer NOT NULL,
    file bytea,
    progress integer DEFAULT 0 NOT NULL,
    processed integer DEFAULT 0 NOT NULL,
    imported integer DEFAULT 0 NOT NULL,
    skipped integer DEFAULT 0 NOT NULL,
    total integer,
    errors jsonb DEFAULT '[]'::jsonb NOT NULL,
    errors_count integer DEFAULT 0 NOT NULL,
    error_message text,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    all_errors jsonb,
    archivo_eliminado_at timestamp with time zone,
    por_revisar integer DEFAULT 0 NOT NULL,
    CONSTRAINT persona_imports_progress_check CHECK (((progress >= 0) AND (progress <= 100))),
    CONSTRAINT persona_imports_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'processing'::text, 'completed'::text, 'failed'::text])))
);
ALTER TABLE ONLY public.persona_imports ALTER COLUMN file SET STORAGE EXTERNAL;

ALTER TABLE ONLY public.persona_imports
    ADD CONSTRAINT persona_imports_pkey PRIMARY KEY (id);

CREATE INDEX persona_imports_created_idx ON public.persona_imports USING btree (created_at DESC);


CREATE TABLE public.persona_no_duplicados (
    persona_a integer NOT NULL,
    persona_b integer NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT persona_no_duplicados_order CHECK ((persona_a < persona_b))
);

ALTER TABLE ONLY public.persona_no_duplicados
    ADD CONSTRAINT persona_no_duplicados_pkey PRIMARY KEY (persona_a, persona_b);

CREATE INDEX persona_no_duplicados_b_idx ON public.persona_no_duplicados USING btree (persona_b);


CREATE TABLE public.personas (
    id integer NOT NULL,
    profesion_id integer,
    nombre text DEFAULT ''::text NOT NULL,
    apellido_paterno text DEFAULT ''::text NOT NULL,
    apellido_materno text DEFAULT ''::text NOT NULL,
    fecha_nacimiento date,
    sector_id integer,
    empresa_id integer,
    puesto_id integer,
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
    zona_id integer,
    invita text,
    completeness_level text DEFAULT 'red'::text NOT NULL,
    search_text text DEFAULT ''::text NOT NULL COLLATE pg_catalog."C",
    sort_key text DEFAULT ''::text NOT NULL COLLATE pg_catalog."C",
    dedupe_key text COLLATE pg_catalog."C",
    import_id uuid,
    import_row integer,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT personas_completeness_check CHECK ((completeness_level = ANY (ARRAY['red'::text, 'orange'::text, 'green'::text])))
);

CREATE SEQUENCE public.personas_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.personas_id_seq OWNED BY public.personas.id;

ALTER TABLE ONLY public.personas ALTER COLUMN id SET DEFAULT nextval('public.personas_id_seq'::regclass);

ALTER TABLE ONLY public.personas
    ADD CONSTRAINT personas_pkey PRIMARY KEY (id);

CREATE INDEX personas_completeness_idx ON public.personas USING btree (completeness_level) WHERE (completeness_level <> 'red'::text);

CREATE UNIQUE INDEX personas_dedupe_key ON public.personas USING btree (dedupe_key) WITH (deduplicate_items=off) WHERE (dedupe_key IS NOT NULL);

CREATE INDEX personas_empresa_idx ON public.personas USING btree (empresa_id) WHERE (empresa_id IS NOT NULL);

CREATE INDEX personas_order_idx ON public.personas USING btree (sort_key, id) WITH (deduplicate_items=off);

CREATE INDEX personas_sector_idx ON public.personas USING btree (sector_id) WHERE (sector_id IS NOT NULL);


CREATE TABLE public.personas_counts (
    id boolean DEFAULT true NOT NULL,
    total bigint NOT NULL,
    red bigint NOT NULL,
    orange bigint NOT NULL,
    green bigint NOT NULL,
    CONSTRAINT personas_counts_one_row CHECK (id)
);

ALTER TABLE ONLY public.personas_counts
    ADD CONSTRAINT personas_counts_pkey PRIMARY KEY (id);


CREATE TABLE public.privacidad_solicitudes (
    id integer NOT NULL,
    tipo text NOT NULL,
    nombre text NOT NULL,
    email text NOT NULL,
    descripcion text,
    status text DEFAULT 'sin_confirmar'::text NOT NULL,
    confirmar_hasta timestamp with time zone NOT NULL,
    recibida_at timestamp with time zone,
    fecha_limite date,
    resuelta_at timestamp with time zone,
    resuelta_por integer,
    respuesta text,
    exportacion jsonb,
    exportacion_hasta timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT privacidad_solicitudes_email_check CHECK (((email = lower(btrim(email))) AND (email <> ''::text))),
    CONSTRAINT privacidad_solicitudes_recibida_check CHECK ((((status = 'sin_confirmar'::text) = (recibida_at IS NULL)) AND ((recibida_at IS NULL) = (fecha_limite IS NULL)))),
    CONSTRAINT privacidad_solicitudes_resuelta_check CHECK (((status = ANY (ARRAY['atendida'::text, 'improcedente'::text])) = (resuelta_at IS NOT NULL))),
    CONSTRAINT privacidad_solicitudes_status_check CHECK ((status = ANY (ARRAY['sin_confirmar'::text, 'pendiente'::text, 'atendida'::text, 'improcedente'::text]))),
    CONSTRAINT privacidad_solicitudes_tipo_check CHECK ((tipo = ANY (ARRAY['acceso'::text, 'rectificacion'::text, 'cancelacion'::text, 'oposicion'::text])))
);

CREATE SEQUENCE public.privacidad_solicitudes_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.privacidad_solicitudes_id_seq OWNED BY public.privacidad_solicitudes.id;

ALTER TABLE ONLY public.privacidad_solicitudes ALTER COLUMN id SET DEFAULT nextval('public.privacidad_solicitudes_id_seq'::regclass);

ALTER TABLE ONLY public.privacidad_solicitudes
    ADD CONSTRAINT privacidad_solicitudes_pkey PRIMARY KEY (id);

CREATE INDEX privacidad_solicitudes_queue_idx ON public.privacidad_solicitudes USING btree (status, fecha_limite, id);

CREATE INDEX privacidad_solicitudes_unconfirmed_idx ON public.privacidad_solicitudes USING btree (confirmar_hasta) WHERE (status = 'sin_confirmar'::text);


CREATE TABLE public.profesiones (
    id integer NOT NULL,
    nombre text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT profesiones_nombre_upper CHECK (((nombre = upper(btrim(nombre))) AND (nombre <> ''::text)))
);

CREATE SEQUENCE public.profesiones_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.profesiones_id_seq OWNED BY public.profesiones.id;

ALTER TABLE ONLY public.profesiones ALTER COLUMN id SET DEFAULT nextval('public.profesiones_id_seq'::regclass);

ALTER TABLE ONLY public.profesiones
    ADD CONSTRAINT profesiones_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX profesiones_nombre_key ON public.profesiones USING btree (nombre);


CREATE TABLE public.programa_lista_espera (
    id integer NOT NULL,
    programa_id integer NOT NULL,
    nombre text NOT NULL,
    apellido_paterno text NOT NULL,
    apellido_materno text NOT NULL,
    correo_electronico text NOT NULL,
    celular text,
    solicitud jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    offer_count integer DEFAULT 0 NOT NULL,
    offered_until timestamp with time zone,
    registration_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    confirmed_at timestamp with time zone,
    confirm_until timestamp with time zone,
    aviso_version integer,
    aviso_aceptado_at timestamp with time zone,
    anonimizado_at timestamp with time zone,
    CONSTRAINT programa_lista_espera_accepted_check CHECK (((status <> 'accepted'::text) OR ((offer_count > 0) AND (registration_id IS NOT NULL)))),
    CONSTRAINT programa_lista_espera_confirm_check CHECK ((((status <> 'pending'::text) OR ((confirmed_at IS NULL) AND (confirm_until IS NOT NULL))) AND ((status <> ALL (ARRAY['waiting'::text, 'offered'::text, 'accepted'::text])) OR (confirmed_at IS NOT NULL)))),
    CONSTRAINT programa_lista_espera_offer_check CHECK (((status = 'offered'::text) = (offered_until IS NOT NULL))),
    CONSTRAINT programa_lista_espera_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'waiting'::text, 'offered'::text, 'accepted'::text, 'expired'::text, 'removed'::text])))
);

CREATE SEQUENCE public.programa_lista_espera_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.programa_lista_espera_id_seq OWNED BY public.programa_lista_espera.id;

ALTER TABLE ONLY public.programa_lista_espera ALTER COLUMN id SET DEFAULT nextval('public.programa_lista_espera_id_seq'::regclass);

ALTER TABLE ONLY public.programa_lista_espera
    ADD CONSTRAINT programa_lista_espera_pkey PRIMARY KEY (id);

CREATE INDEX programa_lista_espera_due_idx ON public.programa_lista_espera USING btree (offered_until) WHERE (status = 'offered'::text);

CREATE UNIQUE INDEX programa_lista_espera_email_key ON public.programa_lista_espera USING btree (programa_id, lower(btrim(correo_electronico))) WHERE (status = ANY (ARRAY['pending'::text, 'waiting'::text, 'offered'::text]));

CREATE INDEX programa_lista_espera_line_idx ON public.programa_lista_espera USING btree (programa_id, confirmed_at, id) WHERE (status = ANY (ARRAY['waiting'::text, 'offered'::text]));

CREATE INDEX programa_lista_espera_pending_idx ON public.programa_lista_espera USING btree (confirm_until) WHERE (status = 'pending'::text);


CREATE TABLE public.programa_registros (
    id integer NOT NULL,
    programa_id integer NOT NULL,
    nombre text NOT NULL,
    apellido_paterno text NOT NULL,
    apellido_materno text NOT NULL,
    fecha_nacimiento date,
    celular text,
    correo_electronico text NOT NULL,
    calle text,
    numero text,
    colonia text,
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
    status text DEFAULT 'pendiente'::text NOT NULL,
    notas text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    aviso_version integer,
    aviso_aceptado_at timestamp with time zone,
    anonimizado_at timestamp with time zone,
    CONSTRAINT programa_registros_giro_check CHECK (((giro_sector IS NULL) OR (giro_sector = ANY (ARRAY['alimentos'::text, 'moda'::text, 'tecnologia'::text, 'servicios'::text, 'otro'::text])))),
    CONSTRAINT programa_registros_rfc_check CHECK (((rfc IS NULL) OR ((char_length(rfc) <= 13) AND (rfc = upper(rfc))))),
    CONSTRAINT programa_registros_si_no_check CHECK (((tiene_emprendimiento = ANY (ARRAY['si'::text, 'no'::text])) AND ((tiene_redes_sociales IS NULL) OR (tiene_redes_sociales = ANY (ARRAY['si'::text, 'no'::text]))) AND ((negocio_formalizado IS NULL) OR (negocio_formalizado = ANY (ARRAY['si'::text, 'no'::text]))))),
    CONSTRAINT programa_registros_status_check CHECK ((status = ANY (ARRAY['pendiente'::text, 'confirmado'::text, 'cancelado'::text]))),
    CONSTRAINT programa_registros_tiempo_check CHECK (((tiempo_operando IS NULL) OR (tiempo_operando = ANY (ARRAY['menos_6_meses'::text, '6_12_meses'::text, 'mas_1_ano'::text]))))
);

CREATE SEQUENCE public.programa_registros_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.programa_registros_id_seq OWNED BY public.programa_registros.id;

ALTER TABLE ONLY public.programa_registros ALTER COLUMN id SET DEFAULT nextval('public.programa_registros_id_seq'::regclass);

ALTER TABLE ONLY public.programa_registros
    ADD CONSTRAINT programa_registros_pkey PRIMARY KEY (id);

CREATE INDEX programa_registros_programa_created_idx ON public.programa_registros USING btree (programa_id, created_at DESC);

CREATE UNIQUE INDEX programa_registros_programa_email_key ON public.programa_registros USING btree (programa_id, lower(btrim(correo_electronico)));


CREATE TABLE public.programas (
    id integer NOT NULL,
    slug text NOT NULL,
    nombre text NOT NULL,
    descripcion text NOT NULL,
    tipo text DEFAULT 'continuo'::text NOT NULL,
    fecha_inicio timestamp with time zone,
    fecha_fin timestamp with time zone,
    ubicacion text,
    max_participantes integer,
    participantes_actuales integer DEFAULT 0 NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    requisitos jsonb DEFAULT '[]'::jsonb NOT NULL,
    beneficios jsonb DEFAULT '[]'::jsonb NOT NULL,
    es_destacado boolean DEFAULT false NOT NULL,
    imagen_url text,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    held_places integer DEFAULT 0 NOT NULL,
    waitlist_count integer DEFAULT 0 NOT NULL,
    CONSTRAINT programas_capacity_check CHECK ((((max_participantes IS NULL) OR (max_participantes >= 1)) AND (participantes_actuales >= 0) AND (held_places >= 0) AND (waitlist_count >= 0) AND ((max_participantes IS NULL) OR ((participantes_actuales + held_places) <= max_participantes)))),
    CONSTRAINT programas_dates_check CHECK ((((tipo = 'fecha_especifica'::text) OR ((fecha_inicio IS NULL) AND (fecha_fin IS NULL))) AND ((fecha_inicio IS NULL) OR (fecha_fin IS NULL) OR (fecha_fin >= fecha_inicio)))),
    CONSTRAINT programas_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'published'::text, 'closed'::text]))),
    CONSTRAINT programas_tipo_check CHECK ((tipo = ANY (ARRAY['continuo'::text, 'fecha_especifica'::text])))
);

CREATE SEQUENCE public.programas_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.programas_id_seq OWNED BY public.programas.id;

ALTER TABLE ONLY public.programas ALTER COLUMN id SET DEFAULT nextval('public.programas_id_seq'::regclass);

ALTER TABLE ONLY public.programas
    ADD CONSTRAINT programas_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX programas_one_featured ON public.programas USING btree (es_destacado) WHERE es_destacado;

CREATE UNIQUE INDEX programas_slug_key ON public.programas USING btree (slug);


CREATE TABLE public.puestos (
    id integer NOT NULL,
    nombre text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT puestos_nombre_upper CHECK (((nombre = upper(btrim(nombre))) AND (nombre <> ''::text)))
);

CREATE SEQUENCE public.puestos_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.puestos_id_seq OWNED BY public.puestos.id;

ALTER TABLE ONLY public.puestos ALTER COLUMN id SET DEFAULT nextval('public.puestos_id_seq'::regclass);

ALTER TABLE ONLY public.puestos
    ADD CONSTRAINT puestos_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX puestos_nombre_key ON public.puestos USING btree (nombre);


CREATE TABLE public.secciones (
    id integer NOT NULL,
    espacio_id integer NOT NULL,
    nombre character varying(100) NOT NULL,
    codigo character varying(10) NOT NULL,
    color character(7) NOT NULL,
    orden integer NOT NULL,
    filas smallint NOT NULL,
    asientos_por_fila smallint NOT NULL,
    posicion_x integer DEFAULT 0 NOT NULL,
    posicion_y integer DEFAULT 0 NOT NULL,
    precio_base numeric(10,2),
    CONSTRAINT secciones_asientos_por_fila_check CHECK (((asientos_por_fila >= 1) AND (asientos_por_fila <= 100))),
    CONSTRAINT secciones_filas_check CHECK (((filas >= 1) AND (filas <= 100)))
);

CREATE SEQUENCE public.secciones_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.secciones_id_seq OWNED BY public.secciones.id;

ALTER TABLE ONLY public.secciones ALTER COLUMN id SET DEFAULT nextval('public.secciones_id_seq'::regclass);

ALTER TABLE ONLY public.secciones
    ADD CONSTRAINT secciones_espacio_codigo_key UNIQUE (espacio_id, codigo);

ALTER TABLE ONLY public.secciones
    ADD CONSTRAINT secciones_pkey PRIMARY KEY (id);


CREATE TABLE public.sectores (
    id integer NOT NULL,
    nombre text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT sectores_nombre_upper CHECK (((nombre = upper(btrim(nombre))) AND (nombre <> ''::text)))
);

CREATE SEQUENCE public.sectores_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.sectores_id_seq OWNED BY public.sectores.id;

ALTER TABLE ONLY public.sectores ALTER COLUMN id SET DEFAULT nextval('public.sectores_id_seq'::regclass);

ALTER TABLE ONLY public.sectores
    ADD CONSTRAINT sectores_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX sectores_nombre_key ON public.sectores USING btree (nombre);


CREATE TABLE public.sessions (
    id uuid NOT NULL,
    user_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    revoked_at timestamp with time zone,
    ip text
);

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);

CREATE INDEX sessions_user_id_idx ON public.sessions USING btree (user_id);


CREATE TABLE public.users (
    id integer NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    is_super_admin boolean DEFAULT false NOT NULL,
    permissions jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    must_change_password boolean DEFAULT false NOT NULL,
    CONSTRAINT users_email_lowercase CHECK ((email = lower(btrim(email))))
);

CREATE SEQUENCE public.users_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.users_id_seq OWNED BY public.users.id;

ALTER TABLE ONLY public.users ALTER COLUMN id SET DEFAULT nextval('public.users_id_seq'::regclass);

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX users_email_key ON public.users USING btree (email);


CREATE TABLE public.webhook_endpoints (
    id integer NOT NULL,
    url text NOT NULL,
    descripcion text,
    eventos text[] NOT NULL,
    estado text DEFAULT 'activo'::text NOT NULL,
    motivo text,
    secreto text NOT NULL,
    secreto_anterior text,
    secreto_anterior_hasta timestamp with time zone,
    fallos_seguidos integer DEFAULT 0 NOT NULL,
    cursor_at timestamp with time zone DEFAULT now() NOT NULL,
    cursor_seq bigint DEFAULT 0 NOT NULL,
    creado_por integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT webhook_endpoints_estado_check CHECK ((estado = ANY (ARRAY['activo'::text, 'pausado'::text, 'deshabilitado'::text]))),
    CONSTRAINT webhook_endpoints_eventos_check CHECK ((cardinality(eventos) > 0))
);

CREATE SEQUENCE public.webhook_endpoints_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.webhook_endpoints_id_seq OWNED BY public.webhook_endpoints.id;

ALTER TABLE ONLY public.webhook_endpoints ALTER COLUMN id SET DEFAULT nextval('public.webhook_endpoints_id_seq'::regclass);

ALTER TABLE ONLY public.webhook_endpoints
    ADD CONSTRAINT webhook_endpoints_pkey PRIMARY KEY (id);


CREATE TABLE public.webhook_entregas (
    id uuid NOT NULL,
    endpoint_id integer NOT NULL,
    event_id uuid,
    evento text NOT NULL,
    cuerpo text NOT NULL,
    orden_at timestamp with time zone NOT NULL,
    orden_seq bigint DEFAULT 0 NOT NULL,
    estado text DEFAULT 'pendiente'::text NOT NULL,
    intentos integer DEFAULT 0 NOT NULL,
    proximo_intento_at timestamp with time zone DEFAULT now() NOT NULL,
    codigo_respuesta integer,
    latencia_ms integer,
    respuesta text,
    error text,
    ultimo_intento_at timestamp with time zone,
    entregada_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT webhook_entregas_estado_check CHECK ((estado = ANY (ARRAY['pendiente'::text, 'entregada'::text, 'fallida'::text])))
);

ALTER TABLE ONLY public.webhook_entregas
    ADD CONSTRAINT webhook_entregas_event_key UNIQUE (endpoint_id, event_id);

ALTER TABLE ONLY public.webhook_entregas
    ADD CONSTRAINT webhook_entregas_pkey PRIMARY KEY (id);

CREATE INDEX webhook_entregas_line_idx ON public.webhook_entregas USING btree (endpoint_id, orden_at, orden_seq) WHERE (estado = 'pendiente'::text);

CREATE INDEX webhook_entregas_log_idx ON public.webhook_entregas USING btree (endpoint_id, created_at DESC);


CREATE TABLE public.zonas (
    id integer NOT NULL,
    nombre text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT zonas_nombre_upper CHECK (((nombre = upper(btrim(nombre))) AND (nombre <> ''::text)))
);

CREATE SEQUENCE public.zonas_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.zonas_id_seq OWNED BY public.zonas.id;

ALTER TABLE ONLY public.zonas ALTER COLUMN id SET DEFAULT nextval('public.zonas_id_seq'::regclass);

ALTER TABLE ONLY public.zonas
    ADD CONSTRAINT zonas_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX zonas_nombre_key ON public.zonas USING btree (nombre);


ALTER TABLE ONLY public.api_tokens
    ADD CONSTRAINT api_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.asiento_asignaciones
    ADD CONSTRAINT asiento_asignaciones_asiento_id_fkey FOREIGN KEY (asiento_id) REFERENCES public.asientos(id) ON DELETE RESTRICT;

ALTER TABLE ONLY public.asiento_asignaciones
    ADD CONSTRAINT asiento_asignaciones_asistente_fkey FOREIGN KEY (evento_interno_id, persona_id) REFERENCES public.evento_asistentes(evento_interno_id, persona_id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.asiento_asignaciones
    ADD CONSTRAINT asiento_asignaciones_evento_fkey FOREIGN KEY (evento_interno_id) REFERENCES public.eventos_internos(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.asiento_asignaciones
    ADD CONSTRAINT asiento_asignaciones_masiva_fkey FOREIGN KEY (asignacion_masiva_id) REFERENCES public.asignaciones_masivas(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.asientos
    ADD CONSTRAINT asientos_espacio_id_fkey FOREIGN KEY (espacio_id) REFERENCES public.espacios(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.asientos
    ADD CONSTRAINT asientos_seccion_id_fkey FOREIGN KEY (seccion_id) REFERENCES public.secciones(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.asignaciones_masivas
    ADD CONSTRAINT asignaciones_masivas_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.asignaciones_masivas
    ADD CONSTRAINT asignaciones_masivas_evento_interno_id_fkey FOREIGN KEY (evento_interno_id) REFERENCES public.eventos_internos(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.asignaciones_masivas
    ADD CONSTRAINT asignaciones_masivas_seccion_id_fkey FOREIGN KEY (seccion_id) REFERENCES public.secciones(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.avisos_privacidad
    ADD CONSTRAINT avisos_privacidad_publicado_por_fkey FOREIGN KEY (publicado_por) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.confirmacion_intentos_fallidos
    ADD CONSTRAINT confirmacion_intentos_fallidos_evento_interno_id_fkey FOREIGN KEY (evento_interno_id) REFERENCES public.eventos_internos(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.conservacion_ejecuciones
    ADD CONSTRAINT conservacion_ejecuciones_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.correo_supresiones
    ADD CONSTRAINT correo_supresiones_solicitud_id_fkey FOREIGN KEY (solicitud_id) REFERENCES public.privacidad_solicitudes(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.door_scans
    ADD CONSTRAINT door_scans_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.envios_invitaciones
    ADD CONSTRAINT envios_invitaciones_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.envios_invitaciones
    ADD CONSTRAINT envios_invitaciones_evento_interno_id_fkey FOREIGN KEY (evento_interno_id) REFERENCES public.eventos_internos(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.espacios
    ADD CONSTRAINT espacios_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.evento_asientos_version
    ADD CONSTRAINT evento_asientos_version_evento_interno_id_fkey FOREIGN KEY (evento_interno_id) REFERENCES public.eventos_internos(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.evento_asistentes
    ADD CONSTRAINT evento_asistentes_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.evento_asistentes
    ADD CONSTRAINT evento_asistentes_evento_interno_id_fkey FOREIGN KEY (evento_interno_id) REFERENCES public.eventos_internos(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.evento_asistentes
    ADD CONSTRAINT evento_asistentes_invitacion_envio_id_fkey FOREIGN KEY (invitacion_envio_id) REFERENCES public.envios_invitaciones(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.evento_asistentes
    ADD CONSTRAINT evento_asistentes_persona_id_fkey FOREIGN KEY (persona_id) REFERENCES public.personas(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.evento_espacios
    ADD CONSTRAINT evento_espacios_espacio_id_fkey FOREIGN KEY (espacio_id) REFERENCES public.espacios(id);

ALTER TABLE ONLY public.evento_espacios
    ADD CONSTRAINT evento_espacios_evento_fkey FOREIGN KEY (evento_interno_id) REFERENCES public.eventos_internos(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.eventos_internos
    ADD CONSTRAINT eventos_internos_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.external_registrations
    ADD CONSTRAINT external_registrations_aviso_version_fkey FOREIGN KEY (aviso_version) REFERENCES public.avisos_privacidad(version);

ALTER TABLE ONLY public.external_registrations
    ADD CONSTRAINT external_registrations_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.external_events(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.external_waitlist
    ADD CONSTRAINT external_waitlist_aviso_version_fkey FOREIGN KEY (aviso_version) REFERENCES public.avisos_privacidad(version);

ALTER TABLE ONLY public.external_waitlist
    ADD CONSTRAINT external_waitlist_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.external_events(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.external_waitlist
    ADD CONSTRAINT external_waitlist_registration_id_fkey FOREIGN KEY (registration_id) REFERENCES public.external_registrations(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.persona_duplicado_pares
    ADD CONSTRAINT persona_duplicado_pares_persona_a_fkey FOREIGN KEY (persona_a) REFERENCES public.personas(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.persona_duplicado_pares
    ADD CONSTRAINT persona_duplicado_pares_persona_b_fkey FOREIGN KEY (persona_b) REFERENCES public.personas(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.persona_fusiones
    ADD CONSTRAINT persona_fusiones_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.persona_fusiones
    ADD CONSTRAINT persona_fusiones_deshecha_por_fkey FOREIGN KEY (deshecha_por) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.persona_import_duplicados
    ADD CONSTRAINT persona_import_duplicados_import_id_fkey FOREIGN KEY (import_id) REFERENCES public.persona_imports(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.persona_import_duplicados
    ADD CONSTRAINT persona_import_duplicados_persona_id_fkey FOREIGN KEY (persona_id) REFERENCES public.personas(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.persona_no_duplicados
    ADD CONSTRAINT persona_no_duplicados_persona_a_fkey FOREIGN KEY (persona_a) REFERENCES public.personas(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.persona_no_duplicados
    ADD CONSTRAINT persona_no_duplicados_persona_b_fkey FOREIGN KEY (persona_b) REFERENCES public.personas(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.privacidad_solicitudes
    ADD CONSTRAINT privacidad_solicitudes_resuelta_por_fkey FOREIGN KEY (resuelta_por) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.programa_lista_espera
    ADD CONSTRAINT programa_lista_espera_aviso_version_fkey FOREIGN KEY (aviso_version) REFERENCES public.avisos_privacidad(version);

ALTER TABLE ONLY public.programa_lista_espera
    ADD CONSTRAINT programa_lista_espera_programa_id_fkey FOREIGN KEY (programa_id) REFERENCES public.programas(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.programa_lista_espera
    ADD CONSTRAINT programa_lista_espera_registration_id_fkey FOREIGN KEY (registration_id) REFERENCES public.programa_registros(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.programa_registros
    ADD CONSTRAINT programa_registros_aviso_version_fkey FOREIGN KEY (aviso_version) REFERENCES public.avisos_privacidad(version);

ALTER TABLE ONLY public.programa_registros
    ADD CONSTRAINT programa_registros_programa_id_fkey FOREIGN KEY (programa_id) REFERENCES public.programas(id) ON DELETE RESTRICT;

ALTER TABLE ONLY public.programas
    ADD CONSTRAINT programas_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.secciones
    ADD CONSTRAINT secciones_espacio_id_fkey FOREIGN KEY (espacio_id) REFERENCES public.espacios(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.webhook_endpoints
    ADD CONSTRAINT webhook_endpoints_creado_por_fkey FOREIGN KEY (creado_por) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.webhook_entregas
    ADD CONSTRAINT webhook_entregas_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES public.webhook_endpoints(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--
`;

const TRIGGERS = String.raw`
CREATE TRIGGER empresas_references_delete AFTER DELETE ON public.empresas FOR EACH ROW EXECUTE FUNCTION public.empresas_references();

CREATE TRIGGER empresas_references_truncate BEFORE TRUNCATE ON public.empresas FOR EACH STATEMENT EXECUTE FUNCTION public.empresas_references();

CREATE TRIGGER empresas_references_update BEFORE UPDATE OF id ON public.empresas FOR EACH ROW WHEN ((new.id IS DISTINCT FROM old.id)) EXECUTE FUNCTION public.empresas_references();

CREATE TRIGGER external_events_calendar_revision BEFORE UPDATE ON public.external_events FOR EACH ROW WHEN (((((((old.title IS DISTINCT FROM new.title) OR (old.description IS DISTINCT FROM new.description)) OR (old.event_date IS DISTINCT FROM new.event_date)) OR (old.end_date IS DISTINCT FROM new.end_date)) OR (old.location IS DISTINCT FROM new.location)) OR (old.status IS DISTINCT FROM new.status))) EXECUTE FUNCTION public.external_event_calendar_revision();

CREATE TRIGGER personas_catalogues_insert AFTER INSERT ON public.personas FOR EACH ROW WHEN (((new.profesion_id IS NOT NULL) OR (new.sector_id IS NOT NULL) OR (new.empresa_id IS NOT NULL) OR (new.puesto_id IS NOT NULL) OR (new.zona_id IS NOT NULL))) EXECUTE FUNCTION public.personas_catalogues_check();

CREATE TRIGGER personas_catalogues_update AFTER UPDATE OF profesion_id, sector_id, empresa_id, puesto_id, zona_id ON public.personas FOR EACH ROW WHEN (((new.profesion_id IS DISTINCT FROM old.profesion_id) OR (new.sector_id IS DISTINCT FROM old.sector_id) OR (new.empresa_id IS DISTINCT FROM old.empresa_id) OR (new.puesto_id IS DISTINCT FROM old.puesto_id) OR (new.zona_id IS DISTINCT FROM old.zona_id))) EXECUTE FUNCTION public.personas_catalogues_check();

CREATE TRIGGER personas_counts_delete AFTER DELETE ON public.personas REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.personas_counts_delete();

CREATE TRIGGER personas_counts_insert AFTER INSERT ON public.personas REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.personas_counts_insert();

CREATE TRIGGER personas_counts_truncate AFTER TRUNCATE ON public.personas FOR EACH STATEMENT EXECUTE FUNCTION public.personas_counts_truncate();

CREATE TRIGGER personas_counts_update AFTER UPDATE ON public.personas REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.personas_counts_update();

CREATE TRIGGER personas_duplicado_claves_deleted AFTER DELETE ON public.personas REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.personas_duplicado_claves_deleted();

CREATE TRIGGER personas_duplicado_claves_stale AFTER UPDATE OF nombre, apellido_paterno, apellido_materno, telefono_celular, correo_electronico ON public.personas FOR EACH ROW WHEN (((old.nombre IS DISTINCT FROM new.nombre) OR (old.apellido_paterno IS DISTINCT FROM new.apellido_paterno) OR (old.apellido_materno IS DISTINCT FROM new.apellido_materno) OR (old.telefono_celular IS DISTINCT FROM new.telefono_celular) OR (old.correo_electronico IS DISTINCT FROM new.correo_electronico))) EXECUTE FUNCTION public.personas_duplicado_claves_stale();

CREATE TRIGGER profesiones_references_delete AFTER DELETE ON public.profesiones FOR EACH ROW EXECUTE FUNCTION public.profesiones_references();

CREATE TRIGGER profesiones_references_truncate BEFORE TRUNCATE ON public.profesiones FOR EACH STATEMENT EXECUTE FUNCTION public.profesiones_references();

CREATE TRIGGER profesiones_references_update BEFORE UPDATE OF id ON public.profesiones FOR EACH ROW WHEN ((new.id IS DISTINCT FROM old.id)) EXECUTE FUNCTION public.profesiones_references();

CREATE TRIGGER puestos_references_delete AFTER DELETE ON public.puestos FOR EACH ROW EXECUTE FUNCTION public.puestos_references();

CREATE TRIGGER puestos_references_truncate BEFORE TRUNCATE ON public.puestos FOR EACH STATEMENT EXECUTE FUNCTION public.puestos_references();

CREATE TRIGGER puestos_references_update BEFORE UPDATE OF id ON public.puestos FOR EACH ROW WHEN ((new.id IS DISTINCT FROM old.id)) EXECUTE FUNCTION public.puestos_references();

CREATE TRIGGER sectores_references_delete AFTER DELETE ON public.sectores FOR EACH ROW EXECUTE FUNCTION public.sectores_references();

CREATE TRIGGER sectores_references_truncate BEFORE TRUNCATE ON public.sectores FOR EACH STATEMENT EXECUTE FUNCTION public.sectores_references();

CREATE TRIGGER sectores_references_update BEFORE UPDATE OF id ON public.sectores FOR EACH ROW WHEN ((new.id IS DISTINCT FROM old.id)) EXECUTE FUNCTION public.sectores_references();

CREATE TRIGGER zonas_references_delete AFTER DELETE ON public.zonas FOR EACH ROW EXECUTE FUNCTION public.zonas_references();

CREATE TRIGGER zonas_references_truncate BEFORE TRUNCATE ON public.zonas FOR EACH STATEMENT EXECUTE FUNCTION public.zonas_references();

CREATE TRIGGER zonas_references_update BEFORE UPDATE OF id ON public.zonas FOR EACH ROW WHEN ((new.id IS DISTINCT FROM old.id)) EXECUTE FUNCTION public.zonas_references();
`;
