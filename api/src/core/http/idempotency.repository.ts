import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedQuery } from '../database/prepared';
import { asError, GroupCommit } from '../database/group-commit';
import { rowValues, unnestColumns, type Column } from '../database/unnest-columns';
import { IDEMPOTENCY_BATCH_MAX, IDEMPOTENCY_BATCHES_IN_FLIGHT } from '../constants';

/** An answer as the client got it, kept to be given again. */
export interface StoredAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string> | null;
}

/** Where one key stands for one request. */
export type KeyState =
  /** This request took the key: it processes, then stores its answer. */
  | { kind: 'claimed' }
  /** Another request took it and answered. */
  | { kind: 'answered'; fingerprint: string; answer: StoredAnswer }
  /** Another request holds it and is still working (its lease is running). */
  | { kind: 'in-progress'; fingerprint: string }
  /** The row changed between the statement's snapshot and its insert: look again. */
  | { kind: 'unknown' };

/** An answer as the batch keeps it. */
interface Answer {
  scope: string;
  key: string;
  owner: string;
  answer: StoredAnswer;
}

/** A claim as the batch takes it. */
interface Claim {
  scope: string;
  key: string;
  fingerprint: string;
  owner: string;
  leaseMs: number;
  ttlMs: number;
}

/** A claim's parameters ($1–$6), in the batch's arrays and the one-key statement alike. */
const CLAIM_COLUMNS: ReadonlyArray<Column<Claim>> = [
  (c) => c.scope,
  (c) => c.key,
  (c) => c.fingerprint,
  (c) => c.owner,
  (c) => c.leaseMs,
  (c) => c.ttlMs,
];

/** An answer's parameters ($1–$6: body and headers as JSON text, SQL NULL for none), in the batch and alone alike. */
const ANSWER_COLUMNS: ReadonlyArray<Column<Answer>> = [
  (a) => a.scope,
  (a) => a.key,
  (a) => a.owner,
  (a) => a.answer.status,
  (a) => (a.answer.body === undefined ? null : JSON.stringify(a.answer.body)),
  (a) => (a.answer.headers ? JSON.stringify(a.answer.headers) : null),
];

/**
 * The idempotency keys (table `idempotency_keys`, baseline migration). Every write is one statement on its own,
 * never inside the request's transaction. The bookkeeping writes commit with `synchronous_commit` off (their own
 * transaction only): the request's change commits durably after the claim (flushing the WAL up to it too), and an
 * answer lost in a database crash leaves a key whose lease runs out, which a retry takes over.
 */
@Injectable()
export class IdempotencyRepository {
  /**
   * The claims of requests arriving together go in one statement and one commit (group commit: an idle queue adds no
   * delay). In a burst every public write carries a key, and a statement and a commit per request were the largest
   * part of a registration's cost in PostgreSQL (docs/decisions/plataforma.md, «Reintentos con Idempotency-Key»).
   */
  private readonly claims = new GroupCommit<Claim, KeyState>((batch) => this.claimBatch(batch), {
    maxBatch: IDEMPOTENCY_BATCH_MAX,
    inFlight: IDEMPOTENCY_BATCHES_IN_FLIGHT,
  });

  /** The answers of requests ending together, in one statement and one commit (as the claims). */
  private readonly answers = new GroupCommit<Answer, void>((batch) => this.answerBatch(batch), {
    maxBatch: IDEMPOTENCY_BATCH_MAX,
    inFlight: IDEMPOTENCY_BATCHES_IN_FLIGHT,
  });

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Claims waiting for the next batch: requests a busy database holds back. */
  get claimsWaiting(): number {
    return this.claims.waitingCount;
  }

  /** Answers waiting for the next batch (as claimsWaiting). */
  get answersWaiting(): number {
    return this.answers.waitingCount;
  }

  /**
   * Takes the key when nobody has it, when it expired, or when its owner's lease ran out without an answer (the owner
   * died) and the request is the same; else reads where it stands. The primary key (scope, key) decides between
   * requests racing for it.
   */
  claim(scope: string, key: string, fingerprint: string, owner: string, leaseMs: number, ttlMs: number): Promise<KeyState> {
    return this.claims.submit({ scope, key, fingerprint, owner, leaseMs, ttlMs });
  }

  /**
   * A batch of claims: one insert takes every key it can (the conflict rule is the one-key statement's); a key it
   * could not take is looked at with the one-key statement, which also answers where it stands. A key twice in the
   * batch (two requests racing with the same key) goes in the insert once: the other asks after it. Should the insert
   * fail, each claim is tried on its own, so only a faulty one fails.
   */
  private async claimBatch(batch: Claim[]): Promise<Array<KeyState | Error>> {
    const seen = new Set<string>();
    const first = batch.filter((c) => {
      const id = JSON.stringify([c.scope, c.key]);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    let taken: Array<{ owner: string }>;
    try {
      taken = await this.takeAll(first);
    } catch {
      return Promise.all(batch.map((c) => this.claimOne(c).catch(asError)));
    }
    const claimed = new Set(taken.map((t) => t.owner));
    const states: Array<KeyState | Error> = [];
    for (const c of batch) states.push(claimed.has(c.owner) ? { kind: 'claimed' } : await this.claimOne(c).catch(asError));
    return states;
  }

  /** The insert of a batch: answers the owners whose keys it took. */
  private takeAll(first: Claim[]): Promise<Array<{ owner: string }>> {
    return preparedQuery<{ owner: string }>(
      this.ds,
      'idempotency_claim_batch',
      `WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true))
       INSERT INTO idempotency_keys AS k (scope, key, fingerprint, owner, locked_until, expires_at)
       SELECT x.scope, x.key, x.fingerprint, x.owner, now() + make_interval(secs => x.lease_ms / 1000.0),
              now() + make_interval(secs => x.ttl_ms / 1000.0)
         FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::int[], $6::int[])
              AS x(scope, key, fingerprint, owner, lease_ms, ttl_ms), relaxed
        ORDER BY x.scope, x.key -- one order for every batch: two at once never wait on each other's keys in turn
       ON CONFLICT (scope, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, owner = EXCLUDED.owner, locked_until = EXCLUDED.locked_until,
              expires_at = EXCLUDED.expires_at, status = NULL, body = NULL, headers = NULL, created_at = now()
        WHERE k.expires_at <= now()
           OR (k.status IS NULL AND k.locked_until <= now() AND k.fingerprint = EXCLUDED.fingerprint)
       RETURNING k.owner::text AS owner`,
      unnestColumns(first, CLAIM_COLUMNS),
    );
  }

  /** One key in one statement: takes it (as the batch would) or reads where it stands. */
  private async claimOne(claim: Claim): Promise<KeyState> {
    // Prepared (core/database/prepared.ts), as the batch's insert and the answer.
    const rows = await preparedQuery<{
      claimed: boolean;
      fingerprint: string | null;
      status: number | null;
      body: unknown;
      headers: unknown;
    }>(
      this.ds,
      'idempotency_claim',
      `WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true)),
         claimed AS (
           INSERT INTO idempotency_keys AS k (scope, key, fingerprint, owner, locked_until, expires_at)
           SELECT $1, $2, $3, $4::uuid, now() + make_interval(secs => $5::int / 1000.0), now() + make_interval(secs => $6::int / 1000.0)
             FROM relaxed
           ON CONFLICT (scope, key) DO UPDATE
              SET fingerprint = EXCLUDED.fingerprint, owner = EXCLUDED.owner, locked_until = EXCLUDED.locked_until,
                  expires_at = EXCLUDED.expires_at, status = NULL, body = NULL, headers = NULL, created_at = now()
            WHERE k.expires_at <= now()
               OR (k.status IS NULL AND k.locked_until <= now() AND k.fingerprint = EXCLUDED.fingerprint)
           RETURNING 1)
         SELECT true AS claimed, NULL::text AS fingerprint, NULL::smallint AS status, NULL::json AS body, NULL::json AS headers
           FROM claimed
         UNION ALL
         SELECT false, k.fingerprint, k.status, k.body, k.headers
           FROM idempotency_keys k
          WHERE k.scope = $1 AND k.key = $2 AND NOT EXISTS (SELECT 1 FROM claimed)`,
      rowValues(claim, CLAIM_COLUMNS),
    );
    const row = rows[0];
    // Nothing: the row that refused the insert was committed after this statement's snapshot.
    if (!row) return { kind: 'unknown' };
    if (row.claimed) return { kind: 'claimed' };
    if (row.status === null) return { kind: 'in-progress', fingerprint: row.fingerprint! };
    return {
      kind: 'answered',
      fingerprint: row.fingerprint!,
      answer: { status: row.status, body: row.body, headers: (row.headers as Record<string, string> | null) ?? null },
    };
  }

  /**
   * The owner's answer, kept (nothing when another request took the key over meanwhile). Answers arriving together go
   * in one statement and one commit, as the claims do: one transaction per request was, after the claims were
   * batched, the largest cost a key added to a burst (docs/decisions/plataforma.md, «Reintentos con Idempotency-Key»).
   * The answer leaves only once it is kept, so a retry always finds it.
   */
  answer(scope: string, key: string, owner: string, answer: StoredAnswer): Promise<void> {
    return this.answers.submit({ scope, key, owner, answer });
  }

  /** A batch of answers: one update; should it fail, each answer on its own, so only a faulty one fails. */
  private async answerBatch(batch: Answer[]): Promise<Array<void | Error>> {
    try {
      await preparedQuery(
        this.ds,
        'idempotency_answer_batch',
        `UPDATE idempotency_keys AS k SET status = x.status, body = x.body::json, headers = x.headers::json
           FROM (SELECT set_config('synchronous_commit', 'off', true)) relaxed,
                unnest($1::text[], $2::text[], $3::uuid[], $4::smallint[], $5::text[], $6::text[])
                  AS x(scope, key, owner, status, body, headers)
          WHERE k.scope = x.scope AND k.key = x.key AND k.owner = x.owner`,
        unnestColumns(batch, ANSWER_COLUMNS),
      );
      return batch.map(() => undefined);
    } catch {
      return Promise.all(batch.map((a) => this.answerOne(a).then(() => undefined, asError)));
    }
  }

  private async answerOne(answer: Answer): Promise<void> {
    await preparedQuery(
      this.ds,
      'idempotency_answer',
      `UPDATE idempotency_keys SET status = $4, body = $5::json, headers = $6::json
         FROM (SELECT set_config('synchronous_commit', 'off', true)) relaxed
        WHERE scope = $1 AND key = $2 AND owner = $3::uuid`,
      rowValues(answer, ANSWER_COLUMNS),
    );
  }

  /** The owner is still working: its lease runs `leaseMs` from now. */
  async renew(scope: string, key: string, owner: string, leaseMs: number): Promise<void> {
    await this.ds.query(
      `UPDATE idempotency_keys SET locked_until = now() + make_interval(secs => $4::int / 1000.0)
        WHERE scope = $1 AND key = $2 AND owner = $3::uuid AND status IS NULL`,
      [scope, key, owner, leaseMs],
    );
  }

  /** The owner gives the key back without an answer (a server error: nothing was decided), for a retry to process. */
  async release(scope: string, key: string, owner: string): Promise<void> {
    await this.ds.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND owner = $3::uuid AND status IS NULL`, [
      scope,
      key,
      owner,
    ]);
  }

  /** Deletes up to `limit` expired keys; answers how many. */
  async pruneExpired(limit: number): Promise<number> {
    const rows: Array<{ n: number }> = await this.ds.query(
      `WITH gone AS (
         DELETE FROM idempotency_keys k
          USING (SELECT scope, key FROM idempotency_keys WHERE expires_at <= now() LIMIT $1::int) old
          WHERE k.scope = old.scope AND k.key = old.key AND k.expires_at <= now()
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [limit],
    );
    return rows[0].n;
  }
}
