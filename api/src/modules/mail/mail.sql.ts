import { sqlFunction, type SqlFunction } from '@core/database/sql-functions';

/**
 * Mail's rule inside PostgreSQL, in its one current definition (core/database/sql-functions.ts applies it after the
 * migrations when the database's differs; test/platform/sql-functions.int-spec.ts proves the database holds it).
 *
 * `queue_mails` (many) and `queue_mail` (one) are the ways to queue messages from SQL (MailOutbox and the areas'
 * reminder runs go through `queueManySql`, mail-outbox.ts), in the caller's transaction: a key already queued queues
 * nothing. The name loses what could add a header or reorder a line (controls, CR/LF, U+2028/9, bidi overrides,
 * zero-width marks); an address that is not a plain one (one @, ASCII, no spaces or controls) is kept as a failed
 * message with the reason — the change that queued it still commits, and nothing is sent. A message to an address on
 * the suppression list (`correo_supresiones`: oposición or unsubscribe) is kept as 'suppressed', never sent, except
 * the answers to an ARCO request itself (templates `privacidad.*`: the law requires them). The commit wakes the
 * workers' dispatcher (NOTIFY aforo_mail with the ids). See docs/decisions/correos.md and docs/decisions/privacidad.md.
 *
 * What is stored is the message's intent — template, recipient, the data it is written from, the idempotency key —
 * never a rendered body: the workers render when sending, the Correos screen when showing
 * (docs/decisions/correos.md "Lo que se guarda de un correo").
 */

/** The recipient's name as stored: without controls or invisible marks, spaces collapsed, at most 200 characters; null when empty. */
const cleanName = sqlFunction(`
      CREATE OR REPLACE FUNCTION mail_clean_name(p_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
        SELECT left(nullif(btrim(regexp_replace(
          regexp_replace(coalesce(p_name, ''), '[\\u0001-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2060-\\u2069\\ufeff]', ' ', 'g'),
          '\\s+', ' ', 'g')), ''), 200)
      $$`);

/**
 * Whether an address (spaces around it aside) is a plain one the workers may send to: at most 254 characters, one
 * @, a local part of 1–64 of the characters RFC 5322 allows unquoted, and a domain of two or more labels of 1–63
 * letters, digits or hyphens, none at a label's ends. The lengths are checked apart from the pattern: bounded
 * repetitions ({0,61}) made PostgreSQL's regex engine the costliest part of queueing a message.
 */
const addressValid = sqlFunction(`
      CREATE OR REPLACE FUNCTION mail_address_valid(p_email text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
        SELECT length(btrim(coalesce(p_email, ''))) <= 254
           AND btrim(coalesce(p_email, '')) ~
             '^[A-Za-z0-9.!#$%&''*+/=?^_\`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$'
           AND length(split_part(btrim(coalesce(p_email, '')), '@', 1)) <= 64
           AND split_part(btrim(coalesce(p_email, '')), '@', 2) !~ '[^.]{64}'
      $$`);

/**
 * Many messages in ONE statement (their i-th elements make the i-th message, queued in that order): one INSERT for
 * all — not a function call per message — and one NOTIFY for those to send. A key already queued (before, or earlier
 * in the arrays) is skipped. Answers how many rows it wrote (failed and suppressed ones included).
 * Its statements keep one generic plan each (`plan_cache_mode`): planned for the arrays' lengths, every custom plan of
 * the insert looked cheaper than the generic one, so PL/pgSQL planned it again at every call — 0.16 ms, as long as
 * running it for a batch of six registrations. For one plan to suit a batch of any size, the insert reads no other
 * table: the batch's addresses on the opposition list are read first, in one scan of its primary key (`= ANY`); as a
 * subquery per message, a generic plan made for a hundred messages hashed the whole list at every call
 * (docs/decisions/correos.md, «Un plan para encolar correos»).
 */
const queueMails = sqlFunction(`
      CREATE OR REPLACE FUNCTION queue_mails(p_keys text[], p_templates text[], p_to_emails text[], p_to_names text[], p_data jsonb[], p_ref_types text[], p_ref_ids integer[])
      RETURNS integer LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
      DECLARE
        written integer;
        to_send bigint[];
        suppressed text[];
      BEGIN
        IF p_keys IS NULL OR cardinality(p_keys) = 0 THEN
          RETURN 0;
        END IF;
        SELECT coalesce(array_agg(s.email), '{}') INTO suppressed
          FROM correo_supresiones s
         WHERE s.email = ANY (ARRAY(SELECT lower(btrim(coalesce(e, ''))) FROM unnest(p_to_emails) e));
        WITH x AS MATERIALIZED (
          -- Each message's status decided once (the address rule is the costly part of queueing).
          SELECT x.k, x.t, btrim(coalesce(x.e, '')) AS e, mail_clean_name(x.n) AS n, x.d, x.rt, x.ri, x.ord,
                 CASE WHEN NOT mail_address_valid(x.e) THEN 'failed'
                      WHEN x.t NOT LIKE 'privacidad.%' AND lower(btrim(coalesce(x.e, ''))) = ANY (suppressed) THEN 'suppressed'
                      ELSE 'queued' END AS status
            FROM unnest(p_keys, p_templates, p_to_emails, p_to_names, p_data, p_ref_types, p_ref_ids) WITH ORDINALITY
                 AS x(k, t, e, n, d, rt, ri, ord)),
        m AS (
          INSERT INTO correos (idempotency_key, template, to_email, to_name, data, ref_type, ref_id, status, last_error)
          SELECT x.k, x.t, x.e, x.n, x.d, x.rt, x.ri, x.status,
                 CASE x.status WHEN 'failed' THEN 'La dirección de correo no es válida; no se envió.'
                               WHEN 'suppressed' THEN 'La persona pidió no recibir correos (oposición o baja); no se envió.' END
            FROM x ORDER BY x.ord
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING id, status)
        SELECT count(*)::integer, array_agg(m.id ORDER BY m.id) FILTER (WHERE m.status = 'queued') INTO written, to_send FROM m;
        PERFORM mail_announce(to_send);
        RETURN written;
      END $$`);

/**
 * Wakes the dispatcher for the messages `p_ids` (known to be 'queued'): ONE NOTIFY aforo_mail carrying their ids,
 * comma-separated (several when they would not fit a payload's 8,000 bytes: 500 ids each), delivered when the
 * transaction commits.
 */
const mailAnnounce = sqlFunction(`
      CREATE OR REPLACE FUNCTION mail_announce(p_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        i integer := 1;
      BEGIN
        WHILE i <= coalesce(cardinality(p_ids), 0) LOOP
          PERFORM pg_notify('aforo_mail', array_to_string(p_ids[i:i + 499], ','));
          i := i + 500;
        END LOOP;
      END $$`);

/**
 * One message, through `queue_mails` (the one place that decides a message's status and announces it): answers its
 * id, or null when the key was already queued.
 */
const queueMail = sqlFunction(`
      CREATE OR REPLACE FUNCTION queue_mail(p_key text, p_template text, p_to_email text, p_to_name text, p_data jsonb, p_ref_type text, p_ref_id integer)
      RETURNS bigint LANGUAGE plpgsql AS $$
      BEGIN
        IF queue_mails(ARRAY[p_key], ARRAY[p_template], ARRAY[p_to_email], ARRAY[p_to_name], ARRAY[p_data], ARRAY[p_ref_type], ARRAY[p_ref_id]) = 0 THEN
          RETURN NULL;
        END IF;
        RETURN (SELECT c.id FROM correos c WHERE c.idempotency_key = p_key);
      END $$`);

export const MAIL_SQL_FUNCTIONS: readonly SqlFunction[] = [cleanName, addressValid, mailAnnounce, queueMails, queueMail];
