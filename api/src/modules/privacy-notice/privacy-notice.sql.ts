import { sqlFunction, type SqlFunction } from '@core/database/sql-functions';

/**
 * The privacy notice in force, for the statements that record which version a person accepted
 * (`coalesce($n, aviso_privacidad_vigente())`: resolved in the statement that inserts, so nothing publishes a new
 * version in between; docs/decisions/privacidad-conservacion.md). One current definition, applied after the
 * migrations when the database's differs (core/database/sql-functions.ts). PL/pgSQL, not SQL: a SQL function whose body
 * reads a table is never inlined, and its body was parsed and planned again at every call (56 µs, once per public
 * registration batch).
 */
const currentVersion = sqlFunction(`
      CREATE OR REPLACE FUNCTION aviso_privacidad_vigente() RETURNS integer LANGUAGE plpgsql STABLE AS $$
      BEGIN
        RETURN (SELECT max(version) FROM avisos_privacidad);
      END $$`);

export const PRIVACY_NOTICE_SQL_FUNCTIONS: readonly SqlFunction[] = [currentVersion];
