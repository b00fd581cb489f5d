import type { EntityManager } from 'typeorm';
import { isCandidate, scorePair, type DedupePerson } from './dedupe-rules';

/** What decides which pairs are stored: the settings of DEDUPE_SETTINGS. */
export interface PairRules {
  /** PERSONAS_DUPLICATE_MIN_SCORE: a pair is stored when it scores at least this. */
  minScore: number;
  /** PERSONAS_DUPLICATE_BLOCK_MAX: a key held by more people than this brings no candidates. */
  blockMax: number;
}

/** A stored pair, smaller id first. */
export interface StoredPair {
  a: number;
  b: number;
  score: number;
  reasons: string[];
}

/** advisory-lock class of the pair maintenance (pg_advisory_xact_lock(class, key)); any constant unused elsewhere. */
const LOCK_CLASS = 3201;
/** The key (in LOCK_CLASS) a batch takes exclusively, and one person's writer shares. */
const LOCK_ALL = -1;
/** One person's writer locks its keys one by one (hashed into this many locks) up to this many people. */
const FINE_LOCKS_UP_TO = 20;
const KEY_BUCKETS = 1023;

type Row = DedupePerson & { id: number };

/**
 * Takes the locks that order the pair writers (see writeDedupePairs) for `people` people about to get these keys: a
 * writer of up to FINE_LOCKS_UP_TO people shares the batch lock and locks its keys' buckets in order, in one
 * statement; a batch takes the batch lock alone. Taken BEFORE the keys are written (writeDedupeKeys), so that no
 * writer holds key rows another one is about to write while it waits here.
 */
export async function lockForPairs(manager: EntityManager, people: number, keys: string[]): Promise<void> {
  if (people > FINE_LOCKS_UP_TO) {
    await manager.query(`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, ${LOCK_ALL})`);
    return;
  }
  await manager.query(
    `SELECT pg_advisory_xact_lock_shared(${LOCK_CLASS}, ${LOCK_ALL}),
            (SELECT count(pg_advisory_xact_lock(${LOCK_CLASS}, k.bucket))
               FROM (SELECT DISTINCT hashtext(clave) & ${KEY_BUCKETS} AS bucket FROM unnest($1::text[]) AS u (clave) ORDER BY 1) k)`,
    [keys],
  );
}

/**
 * Rewrites the stored possible-duplicate pairs of these people (their blocking keys are written: writeDedupeKeys),
 * in the caller's transaction: the candidates are the people sharing a key held by 2 to `blockMax` people (the keys'
 * primary key (clave, persona_id), one index range per key), each pair is scored by dedupe-rules.ts `scorePair` in
 * Node, the ones at or above `minScore` upserted, and the person's other stored pairs deleted.
 *
 * Two writers of people who share a key would not see each other's uncommitted keys: each locks its keys first
 * (lockForPairs: transaction advisory locks, hashed, in one sorted statement; `locked` when the caller did), so the
 * second reads the first's keys committed. A batch (the keys job, an import) takes one exclusive lock instead, which
 * every single writer shares. A partner is read `FOR SHARE SKIP LOCKED`: one being saved, deleted or merged right now
 * is left alone (its writer rewrites its pairs; a change of name, mobile or e-mail by any path drops them by trigger),
 * and the pair row's foreign key never waits on it; a pair row locked by such a writer is left to it too (the delete
 * skips locked rows). Nothing here waits on a row lock while holding the pair locks, so a writer that waits for the
 * pair locks while holding its person's row lock cannot deadlock with it.
 */
export async function writeDedupePairs(manager: EntityManager, ids: number[], rules: PairRules, locked = false): Promise<void> {
  if (!ids.length) return;
  if (!locked) {
    const keys: Array<{ clave: string }> = await manager.query(
      `SELECT clave FROM persona_duplicado_claves WHERE persona_id = ANY($1::int[])`,
      [ids],
    );
    await lockForPairs(
      manager,
      ids.length,
      keys.map((k) => k.clave),
    );
  }
  const candidates: Array<{ a: number; b: number }> = await manager.query(
    `WITH mine AS (
       SELECT DISTINCT clave FROM persona_duplicado_claves WHERE persona_id = ANY($1::int[])
     ), usable AS (
       SELECT m.clave FROM mine m
        CROSS JOIN LATERAL (SELECT count(*) AS n FROM (SELECT 1 FROM persona_duplicado_claves c WHERE c.clave = m.clave LIMIT $2 + 1) l) n
        WHERE n.n BETWEEN 2 AND $2
     )
     SELECT DISTINCT least(x.persona_id, y.persona_id) AS a, greatest(x.persona_id, y.persona_id) AS b
       FROM usable u
       JOIN persona_duplicado_claves x ON x.clave = u.clave AND x.persona_id = ANY($1::int[])
       JOIN persona_duplicado_claves y ON y.clave = u.clave AND y.persona_id <> x.persona_id`,
    [ids, rules.blockMax],
  );
  const involved = [...new Set([...ids, ...candidates.flatMap((c) => [c.a, c.b])])];
  const rows: Row[] = await manager.query(
    `SELECT p.id, p.nombre, p.apellido_paterno, p.apellido_materno, to_char(p.fecha_nacimiento, 'YYYY-MM-DD') AS fecha_nacimiento,
            p.telefono_celular, p.correo_electronico
       FROM personas p WHERE p.id = ANY($1::int[]) FOR SHARE SKIP LOCKED`,
    [involved],
  );
  const people = new Map(rows.map((r) => [r.id, r]));
  const pairs: StoredPair[] = [];
  for (const { a, b } of candidates) {
    const pa = people.get(a);
    const pb = people.get(b);
    if (!pa || !pb) continue;
    const s = scorePair(pa, pb);
    if (isCandidate(s, rules.minScore)) pairs.push({ a, b, score: s.score, reasons: s.reasons });
  }
  // Pairs with someone left alone above (deleted, or locked by a writer that rewrites them) are not touched here.
  const skipped = involved.filter((id) => !people.has(id));
  await manager.query(
    `DELETE FROM persona_duplicado_pares d
      WHERE (d.persona_a, d.persona_b) IN (
        SELECT o.persona_a, o.persona_b FROM persona_duplicado_pares o
         WHERE (o.persona_a = ANY($1::int[]) OR o.persona_b = ANY($1::int[]))
           AND NOT (o.persona_a = ANY($2::int[]) OR o.persona_b = ANY($2::int[]))
           AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($3::jsonb) AS k (a int, b int) WHERE k.a = o.persona_a AND k.b = o.persona_b)
           FOR UPDATE SKIP LOCKED)`,
    [ids, skipped, JSON.stringify(pairs.map(({ a, b }) => ({ a, b })))],
  );
  if (!pairs.length) return;
  await manager.query(
    `INSERT INTO persona_duplicado_pares (persona_a, persona_b, score, reasons)
     SELECT k.a, k.b, k.score, k.reasons FROM jsonb_to_recordset($1::jsonb) AS k (a int, b int, score int, reasons jsonb)
     ORDER BY k.a, k.b
     ON CONFLICT (persona_a, persona_b) DO UPDATE SET score = EXCLUDED.score, reasons = EXCLUDED.reasons
      WHERE (persona_duplicado_pares.score, persona_duplicado_pares.reasons) IS DISTINCT FROM (EXCLUDED.score, EXCLUDED.reasons)`,
    [JSON.stringify(pairs)],
  );
}
