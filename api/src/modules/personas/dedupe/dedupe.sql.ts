import { sqlFunction } from '@core/database/sql-functions';

/**
 * A person whose name, mobile or e-mail changes by any path (the form, an ARCO rectification, an anonymisation)
 * loses its blocking keys, in the same statement: no key keeps a phone or an e-mail the person no longer has, and the
 * person is keyed again from its current data (the writer does it in the same transaction; the `personas.dedupe-keys`
 * job catches any other path). Its possible-duplicate pairs go too (scored on data it no longer has; rewritten with its
 * keys). Trigger `personas_duplicado_claves_stale` (baseline migration).
 */
const keysStale = sqlFunction(`
      CREATE OR REPLACE FUNCTION personas_duplicado_claves_stale() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM persona_duplicado_claves WHERE persona_id = NEW.id;
        DELETE FROM persona_duplicado_indexadas WHERE persona_id = NEW.id;
        DELETE FROM persona_duplicado_pares WHERE persona_a = NEW.id OR persona_b = NEW.id;
        RETURN NULL;
      END $$`);

/**
 * Deleted people take their keys with them, in the same statement (what ON DELETE CASCADE would do, without a foreign
 * key check per key row when an import writes keys): no key keeps the phone or e-mail of someone who is gone.
 * Trigger `personas_duplicado_claves_deleted` (baseline migration).
 */
const keysDeleted = sqlFunction(`
      CREATE OR REPLACE FUNCTION personas_duplicado_claves_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM persona_duplicado_claves c USING old_rows o WHERE c.persona_id = o.id;
        DELETE FROM persona_duplicado_indexadas i USING old_rows o WHERE i.persona_id = o.id;
        RETURN NULL;
      END $$`);

export const DEDUPE_SQL_FUNCTIONS = [keysStale, keysDeleted] as const;
