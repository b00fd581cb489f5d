import type { QueryRunner } from 'typeorm';

/**
 * A PostgreSQL function an area owns, kept in the area's folder (`modules/<area>/<area>.sql.ts`) and registered
 * with the area (`sqlFunctions` in api/src/modules/index.ts). Its definition is the ONE current text of the
 * function; the database gets it after the versioned migrations (`syncSqlFunctions`, run by `runMigrations`),
 * whenever the database's definition differs. Changing a body is editing that text; changing a signature or a
 * return type, or dropping the function, is a versioned migration (`DROP FUNCTION …`), then the new text.
 */
export interface SqlFunction {
  /** Unqualified; one definition per name (no overloads). */
  readonly name: string;
  /** The whole `CREATE OR REPLACE FUNCTION <name>(…) … AS $$ … $$` statement. */
  readonly definition: string;
}

const HEADER = /^\s*CREATE OR REPLACE FUNCTION ([a-z_][a-z0-9_]*)\s*\(/;

/** A function from its definition, which must start with `CREATE OR REPLACE FUNCTION <unqualified name>(`. */
export function sqlFunction(definition: string): SqlFunction {
  const name = HEADER.exec(definition)?.[1];
  if (!name) throw new Error(`An SQL function's definition starts with CREATE OR REPLACE FUNCTION <name>(: ${definition.slice(0, 80)}`);
  return { name, definition };
}

/** Refuses a list that defines a name twice, or whose definition creates another name than the one it says. */
export function checkSqlFunctions(functions: readonly SqlFunction[]): void {
  const seen = new Set<string>();
  for (const f of functions) {
    if (sqlFunction(f.definition).name !== f.name) throw new Error(`The definition of SQL function ${f.name} creates another function`);
    if (seen.has(f.name)) throw new Error(`SQL function ${f.name} is defined twice: one current definition per function`);
    seen.add(f.name);
  }
}

/** How the database's public functions stand against a list of definitions. */
export interface SqlFunctionsComparison {
  /** Names whose function is missing, or differs from its definition (pg_get_functiondef, body included). */
  stale: string[];
  /** Public functions (`name(argument types)`) that no definition of the list creates; extensions' excluded. */
  unregistered: string[];
}

/**
 * Compares without changing anything: inside a savepoint, every definition is created in this session's
 * temporary schema (with check_function_bodies on: a body that does not compile fails here), and
 * pg_get_functiondef of each is compared with the public function of the same name and argument types.
 * Needs an open transaction. Both sides are printed under the same search_path, so types read alike.
 */
export async function compareSqlFunctions(q: QueryRunner, functions: readonly SqlFunction[]): Promise<SqlFunctionsComparison> {
  checkSqlFunctions(functions);
  await q.query('SAVEPOINT aforo_sql_functions');
  try {
    await q.query(`SELECT set_config('search_path', 'pg_temp, public', true), set_config('check_function_bodies', 'on', true)`);
    for (const f of functions) await q.query(f.definition);
    const stale: Array<{ name: string }> = await q.query(
      `SELECT t.proname AS name
         FROM pg_proc t
        WHERE t.pronamespace = pg_my_temp_schema()
          AND NOT EXISTS (
            SELECT 1 FROM pg_proc p
             WHERE p.pronamespace = 'public'::regnamespace AND p.proname = t.proname AND p.proargtypes = t.proargtypes
               AND pg_get_functiondef(p.oid) =
                   regexp_replace(pg_get_functiondef(t.oid), '^CREATE OR REPLACE FUNCTION pg_temp\\.', 'CREATE OR REPLACE FUNCTION public.'))
        ORDER BY 1`,
    );
    const unregistered: Array<{ signature: string }> = await q.query(
      `SELECT p.oid::regprocedure::text AS signature
         FROM pg_proc p
        WHERE p.pronamespace = 'public'::regnamespace
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
          AND NOT EXISTS (SELECT 1 FROM pg_proc t
                           WHERE t.pronamespace = pg_my_temp_schema() AND t.proname = p.proname AND t.proargtypes = p.proargtypes)
        ORDER BY 1`,
    );
    return { stale: stale.map((r) => r.name), unregistered: unregistered.map((r) => r.signature) };
  } finally {
    await q.query('ROLLBACK TO SAVEPOINT aforo_sql_functions');
    await q.query('RELEASE SAVEPOINT aforo_sql_functions');
  }
}

/** Runs the definitions of `names` (in the list's order) in the public schema. */
export async function applySqlFunctions(q: QueryRunner, functions: readonly SqlFunction[], names: readonly string[]): Promise<void> {
  for (const f of functions) if (names.includes(f.name)) await q.query(f.definition);
}

/**
 * The repeatable step after the versioned migrations, in their transaction and under their lock (two
 * processes starting together would otherwise replace the same function at once: "tuple concurrently
 * updated"): applies each function whose database definition differs from its file, and answers their names.
 * A function of a registered name left with other argument types (a signature changed without a migration
 * that drops the old one) stops it: callers could reach either.
 */
export async function syncSqlFunctions(q: QueryRunner, functions: readonly SqlFunction[]): Promise<string[]> {
  const { stale, unregistered } = await compareSqlFunctions(q, functions);
  const names = new Set(functions.map((f) => f.name));
  const leftOver = unregistered.filter((signature) => names.has(signature.slice(0, signature.indexOf('('))));
  if (leftOver.length) {
    throw new Error(
      `The database keeps ${leftOver.join(', ')} beside the registered definition of the same name: drop it in a versioned migration`,
    );
  }
  await applySqlFunctions(q, functions, stale);
  return stale;
}

const REGISTERED = Symbol('aforo.sqlFunctions');

/** Hands the registered functions to the migrations run on this query runner (see createSqlFunctions). */
export function provideSqlFunctions(q: QueryRunner, functions: readonly SqlFunction[]): void {
  checkSqlFunctions(functions);
  q.data = { ...q.data, [REGISTERED]: functions };
}

function registered(q: QueryRunner): readonly SqlFunction[] {
  const functions = (q.data as Record<symbol, readonly SqlFunction[] | undefined>)[REGISTERED];
  if (!functions) throw new Error(`Migrations run through runMigrations(url, AREA_SQL_FUNCTIONS): the areas' functions are missing`);
  return functions;
}

/** Every registered function's name, in the list's order (the baseline creates them all before its tables). */
export function registeredSqlFunctionNames(q: QueryRunner): string[] {
  return registered(q).map((f) => f.name);
}

/**
 * For a migration that needs some of the areas' functions to exist at its point of history (a trigger, a
 * column default, a data step): creates them there, with their current definition (they are the areas', so
 * core names them as text). Bodies are not checked against that older schema (check_function_bodies off);
 * the sync after the migrations checks every body against the final one. A data step runs today's body:
 * a function an old migration calls must keep working on that migration's schema, or that migration gets
 * a frozen copy of its own.
 */
export async function createSqlFunctions(q: QueryRunner, names: readonly string[]): Promise<void> {
  const functions = registered(q);
  const missing = names.filter((name) => !functions.some((f) => f.name === name));
  if (missing.length) throw new Error(`No area registers the SQL functions ${missing.join(', ')}`);
  const [{ previous }]: Array<{ previous: string }> = await q.query(`SELECT current_setting('check_function_bodies') AS previous`);
  await q.query(`SELECT set_config('check_function_bodies', 'off', true)`);
  await applySqlFunctions(q, functions, names);
  await q.query(`SELECT set_config('check_function_bodies', $1, true)`, [previous]);
}
