import { sqlFunction, type SqlFunction } from '@core/database/sql-functions';

/**
 * Mail's rule inside PostgreSQL, in its one current definition (core/database/sql-functions.ts applies it after the
 * migrations when the database's differs; test/platform/sql-functions.int-spec.ts proves the database holds it).
 *
 * `queue_mail` is the one way to queue a message from SQL (MailOutbox calls it too), in the caller's transaction:
 * a second call with the same key queues nothing and answers null. The name loses what could add a header or
 * reorder a line (controls, CR/LF, U+2028/9, bidi overrides, zero-width marks); an address that is not a plain one
 * (one @, ASCII, no spaces or controls) is kept as a failed message with the reason — the change that queued it
 * still commits, and nothing is sent. A message to an address on the suppression list (`correo_supresiones`:
 * oposición or unsubscribe) is kept as 'suppressed', never sent, except the answers to an ARCO request itself
 * (templates `privacidad.*`: the law requires them). The commit wakes the workers' dispatcher (NOTIFY aforo_mail
 * with the id). See docs/decisions/correos.md and docs/decisions/privacidad.md.
 *
 * What is stored is the message's intent — template, recipient, the data it is written from, the idempotency key —
 * never a rendered body: the workers render when sending, the Correos screen when showing
 * (docs/decisions/correos.md "Lo que se guarda de un correo").
 *
 * A statement that queues many messages calls `queue_mail_quiet` per message and `mail_notify(ids)` once: one
 * NOTIFY per statement (the registration batch, MailOutbox) instead of one per message.
 */
const queueMailQuiet = sqlFunction(`
      CREATE OR REPLACE FUNCTION queue_mail_quiet(p_key text, p_template text, p_to_email text, p_to_name text, p_data jsonb, p_ref_type text, p_ref_id integer)
      RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE
        new_id bigint;
        clean_name text := nullif(btrim(regexp_replace(
          regexp_replace(coalesce(p_to_name, ''), '[\\u0001-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2060-\\u2069\\ufeff]', ' ', 'g'),
          '\\s+', ' ', 'g')), '');
        clean_email text := btrim(coalesce(p_to_email, ''));
        valid boolean := length(clean_email) <= 254 AND clean_email ~
          '^[A-Za-z0-9.!#$%&''*+/=?^_\`{|}~-]{1,64}@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$';
        suppressed boolean := p_template NOT LIKE 'privacidad.%'
          AND EXISTS (SELECT 1 FROM correo_supresiones s WHERE s.email = lower(btrim(coalesce(p_to_email, ''))));
      BEGIN
        INSERT INTO correos (idempotency_key, template, to_email, to_name, data, ref_type, ref_id, status, last_error)
        VALUES (p_key, p_template, clean_email, left(clean_name, 200), p_data, p_ref_type, p_ref_id,
                CASE WHEN NOT valid THEN 'failed' WHEN suppressed THEN 'suppressed' ELSE 'queued' END,
                CASE WHEN NOT valid THEN 'La dirección de correo no es válida; no se envió.'
                     WHEN suppressed THEN 'La persona pidió no recibir correos (oposición o baja); no se envió.' END)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id INTO new_id;
        RETURN new_id;
      END $$`);

/**
 * Wakes the dispatcher for the messages of `p_ids` still to send ('queued'; nulls and failed or suppressed ones are
 * left out): ONE NOTIFY aforo_mail carrying their ids, comma-separated (several when they would not fit a payload's
 * 8,000 bytes: 500 ids each), delivered when the transaction commits. Answers how many ids it named.
 */
const mailNotify = sqlFunction(`
      CREATE OR REPLACE FUNCTION mail_notify(p_ids bigint[]) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        ids text[];
        i integer := 1;
      BEGIN
        IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
          RETURN 0;
        END IF;
        SELECT array_agg(c.id::text ORDER BY c.id) INTO ids FROM correos c WHERE c.id = ANY(p_ids) AND c.status = 'queued';
        IF ids IS NULL THEN
          RETURN 0;
        END IF;
        WHILE i <= cardinality(ids) LOOP
          PERFORM pg_notify('aforo_mail', array_to_string(ids[i:i + 499], ','));
          i := i + 500;
        END LOOP;
        RETURN cardinality(ids);
      END $$`);

/** One message, queued and announced (its own NOTIFY): what a statement queueing a single message calls. */
const queueMail = sqlFunction(`
      CREATE OR REPLACE FUNCTION queue_mail(p_key text, p_template text, p_to_email text, p_to_name text, p_data jsonb, p_ref_type text, p_ref_id integer)
      RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE
        new_id bigint := queue_mail_quiet(p_key, p_template, p_to_email, p_to_name, p_data, p_ref_type, p_ref_id);
      BEGIN
        PERFORM mail_notify(ARRAY[new_id]);
        RETURN new_id;
      END $$`);

export const MAIL_SQL_FUNCTIONS: readonly SqlFunction[] = [queueMailQuiet, mailNotify, queueMail];
