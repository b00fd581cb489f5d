import { Controller, Module, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { Client } from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { Public } from '../../api/src/core/access/access.decorators';
import { IDEMPOTENCY_BATCHES_IN_FLIGHT } from '../../api/src/core/constants';
import { DomainException, ErrorCode } from '../../api/src/core/errors/domain-exception';
import { Idempotent, requestFingerprint } from '../../api/src/core/http/idempotency.guard';
import { PruneIdempotencyKeysJob } from '../../api/src/core/http/idempotency-prune.job';
import { IdempotencyRepository } from '../../api/src/core/http/idempotency.repository';
import { createEvent, registrationBody } from '../factories/external-events';
import { eventually, signedInApp, type TestApp } from '../setup/test-app';

/** Test-only idempotent routes, out of the document: one that fails with a server error the first time, one refused with a header. */
@ApiExcludeController()
@Controller('test-idempotency')
class ProbeController {
  calls = 0;

  @Post('flaky')
  @Public()
  @Idempotent()
  flaky() {
    this.calls += 1;
    if (this.calls === 1) throw new Error('la base se cayó a media escritura');
    return { calls: this.calls };
  }

  /** Held until the test opens `gate`. */
  gate: Promise<void> = Promise.resolve();

  @Post('held')
  @Public()
  @Idempotent()
  async held() {
    this.calls += 1;
    const calls = this.calls;
    await this.gate;
    return { calls };
  }

  @Post('refused')
  @Public()
  @Idempotent()
  refused() {
    this.calls += 1;
    throw new DomainException(ErrorCode.IdempotencyKeyReused, `Rechazada ${this.calls}.`, undefined, {
      'X-Aforo-Sonda': String(this.calls),
    });
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

/**
 * Idempotency-Key on the public writes (docs/decisions/plataforma.md «Reintentos con Idempotency-Key»):
 * the same key and body answer the first answer again, another body is refused, no key behaves as before.
 */
describe('Idempotency-Key on public writes', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), {
    env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' },
    extraModules: [ProbeModule],
  });

  const REGISTER_SCOPE = 'POST /api/eventos/:slug/register';
  const register = (slug: string, body: object, key?: string) => {
    const req = t.http().post(`/api/eventos/${slug}/register`);
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
  };
  const rows = async (eventId: number) =>
    (
      await t.query<{ current: number; real: number }>(
        `SELECT current_attendees AS current, (SELECT count(*)::int FROM external_registrations WHERE event_id = $1) AS real
           FROM external_events WHERE id = $1`,
        [eventId],
      )
    )[0];

  it('the same key and body answer the first answer again (same status and body), never "ya registrado" nor a second row', async () => {
    const e = await createEvent(t, admin);
    const key = randomUUID();
    const body = registrationBody(1);
    const first = await register(e.slug, body, key);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Fields in another order are the same body.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    for (const again of [body, reordered]) {
      const replay = await register(e.slug, again, key);
      expect(replay.status).toBe(201);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect(await rows(e.id)).toEqual({ current: 1, real: 1 });
    // A new submission (another key) is a new request: the e-mail is registered already.
    const other = await register(e.slug, body, randomUUID());
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('EMAIL_ALREADY_REGISTERED');
  });

  it('another body with the same key is refused with 422 and a Spanish message, and changes nothing', async () => {
    const e = await createEvent(t, admin);
    const key = randomUUID();
    expect((await register(e.slug, registrationBody(2), key)).status).toBe(201);
    const refused = await register(e.slug, registrationBody(3), key);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Esta Idempotency-Key ya se usó con otra solicitud. Cada envío distinto necesita una clave nueva.',
    });
    // Another event's path is another request too.
    const elsewhere = await createEvent(t, admin);
    expect((await register(elsewhere.slug, registrationBody(2), key)).status).toBe(422);
    expect(await rows(e.id)).toEqual({ current: 1, real: 1 });
    expect(await rows(elsewhere.id)).toEqual({ current: 0, real: 0 });
  });

  it('an invalid key answers 400 in Spanish; a Structured Fields string ("…") is read without its quotes', async () => {
    const e = await createEvent(t, admin);
    const message = 'La cabecera Idempotency-Key no es válida: debe tener de 1 a 255 caracteres imprimibles.';
    for (const bad of ['', 'x'.repeat(256), 'clave\tcon tabulador', 'clave-ñ']) {
      const res = await register(e.slug, registrationBody(4), bad);
      expect({ bad, status: res.status, body: res.body }).toEqual({ bad, status: 400, body: { code: 'IDEMPOTENCY_KEY_INVALID', message } });
    }
    expect(await rows(e.id)).toEqual({ current: 0, real: 0 });
    const key = randomUUID();
    expect((await register(e.slug, registrationBody(4), `"${key}"`)).status).toBe(201);
    const replay = await register(e.slug, registrationBody(4), key);
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect((await register(e.slug, registrationBody(5), 'x'.repeat(255))).status).toBe(201);
  });

  it('without the header nothing changes: a repeated e-mail is 409 as before', async () => {
    const e = await createEvent(t, admin);
    const keys = async () => (await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM idempotency_keys`))[0].n;
    const before = await keys();
    expect((await register(e.slug, registrationBody(6))).status).toBe(201);
    const again = await register(e.slug, registrationBody(6));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('EMAIL_ALREADY_REGISTERED');
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await keys()).toBe(before);
  });

  it('a final refusal is kept too: the same key gets the same 422 or 409, a new key is judged anew', async () => {
    const e = await createEvent(t, admin, { max_attendees: 1 });
    const invalidKey = randomUUID();
    const invalid = { ...registrationBody(7), email: 'no-es-correo' };
    const first = await register(e.slug, invalid, invalidKey);
    expect(first.status).toBe(422);
    const replay = await register(e.slug, invalid, invalidKey);
    expect([replay.status, replay.body, replay.headers['idempotent-replayed']]).toEqual([422, first.body, 'true']);

    expect((await register(e.slug, registrationBody(8), randomUUID())).status).toBe(201);
    const fullKey = randomUUID();
    const full = await register(e.slug, registrationBody(9), fullKey);
    expect(full.status).toBe(409);
    expect((await register(e.slug, registrationBody(9), fullKey)).body).toEqual(full.body);
  });

  it('the same key fired 24 times at once: one row, every answer the first one (the primary key decides who processes)', async () => {
    const e = await createEvent(t, admin);
    const key = randomUUID();
    const body = registrationBody(10);
    const answers = await Promise.all(Array.from({ length: 24 }, () => register(e.slug, body, key)));
    const first = answers.find((a) => a.headers['idempotent-replayed'] === undefined)!;
    expect(first.status).toBe(201);
    expect(answers.map((a) => [a.status, a.body])).toEqual(answers.map(() => [201, first.body]));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await rows(e.id)).toEqual({ current: 1, real: 1 });
    // Control: the same 24 without a key are processed 24 times (the e-mail's constraint refuses 23): the
    // assertion above would catch a key that let more than one request through.
    const control = await Promise.all(Array.from({ length: 24 }, () => register(e.slug, registrationBody(11))));
    expect(control.filter((a) => a.status === 409)).toHaveLength(23);
  });

  it('keys arriving together are claimed in one statement per batch: 30 at once, each processed once, every answer kept', async () => {
    const e = await createEvent(t, admin);
    const keys = Array.from({ length: 30 }, () => randomUUID());
    // Observed, not replaced: the claims' batches as they reach PostgreSQL (core/database/group-commit.ts).
    const batches: number[] = [];
    const original = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const config = args[0] as { name?: string; values?: unknown[][] } | string;
      if (typeof config === 'object' && config?.name === 'idempotency_claim_batch') batches.push(config.values![0].length);
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    // The table held by another transaction while the requests arrive: the first claims wait for it, the rest queue
    // behind them (as in a burst, where each waits for the batches in the database), then go together.
    const holder = new Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    let answers;
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE idempotency_keys IN EXCLUSIVE MODE');
      // Two of them twice with the same body: a key twice in one batch is claimed once, the repeat answered the same.
      const sent = Promise.all([...keys, keys[0], keys[1]].map((key, i) => register(e.slug, registrationBody(200 + (i % 30)), key)));
      // The batches in flight held in the database (one claim each), the rest waiting for the next batch.
      const repo = t.app.get(IdempotencyRepository);
      await eventually(
        async () => repo.claimsWaiting,
        (n) => n === 32 - IDEMPOTENCY_BATCHES_IN_FLIGHT,
      );
      await holder.query('COMMIT');
      answers = await sent;
    } finally {
      spy.mockRestore();
      await holder.end();
    }
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await rows(e.id)).toEqual({ current: 30, real: 30 });
    const kept = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM idempotency_keys WHERE scope = $1 AND key = ANY($2::text[]) AND status = 201`,
      [REGISTER_SCOPE, keys],
    );
    expect(kept[0].n).toBe(30);
    // The held ones, then the rest together: one insert of 28 to 30 keys (a repeat in the same batch as its first
    // request goes in it once); a repeat waiting for its first request may ask again after.
    expect(batches.slice(0, IDEMPOTENCY_BATCHES_IN_FLIGHT)).toEqual(Array(IDEMPOTENCY_BATCHES_IN_FLIGHT).fill(1));
    expect(batches[IDEMPOTENCY_BATCHES_IN_FLIGHT]).toBeGreaterThanOrEqual(28);
  });

  it('answers ending together are kept in one statement per batch, each under its own key and owner', async () => {
    const repo = t.app.get(IdempotencyRepository);
    const keys = Array.from({ length: 30 }, () => randomUUID());
    const owners = keys.map(() => randomUUID());
    // Thirty keys claimed, their requests about to answer.
    await t.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, owner, locked_until, expires_at)
       SELECT 'POST /prueba', k, 'huella', o, now() + interval '1 hour', now() + interval '1 day'
         FROM unnest($1::text[], $2::uuid[]) AS x(k, o)`,
      [keys, owners],
    );
    const batches: number[] = [];
    const original = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const config = args[0] as { name?: string; values?: unknown[][] } | string;
      if (typeof config === 'object' && config?.name === 'idempotency_answer_batch') batches.push(config.values![0].length);
      if (typeof config === 'object' && config?.name === 'idempotency_answer') batches.push(-1);
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    // Their rows held by another transaction: the batches in flight (an answer each) wait in the database, the rest
    // queue behind them.
    const holder = new Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM idempotency_keys WHERE key = ANY($1::text[]) FOR UPDATE`, [keys]);
      const kept = Promise.all(
        keys.map((key, i) => repo.answer('POST /prueba', key, owners[i], { status: 201, body: { n: i }, headers: null })),
      );
      await eventually(
        async () => repo.answersWaiting,
        (n) => n === 30 - IDEMPOTENCY_BATCHES_IN_FLIGHT,
      );
      await holder.query('COMMIT');
      await kept;
    } finally {
      spy.mockRestore();
      await holder.end();
    }
    expect(batches).toEqual([...Array(IDEMPOTENCY_BATCHES_IN_FLIGHT).fill(1), 30 - IDEMPOTENCY_BATCHES_IN_FLIGHT]);
    const rowsKept = await t.query<{ key: string; status: number; body: { n: number } }>(
      `SELECT key, status, body FROM idempotency_keys WHERE key = ANY($1::text[])`,
      [keys],
    );
    expect(rowsKept.map((r) => [r.key, r.status, r.body.n]).sort()).toEqual(keys.map((k, i) => [k, 201, i]).sort());
  });

  it('a repeat waits for the first request still processing and gets its answer; past the wait it is 409', async () => {
    const e = await createEvent(t, admin);
    const body = registrationBody(12);
    const url = `/api/eventos/${e.slug}/register`;
    const fingerprint = requestFingerprint('POST', url, body);
    // A first request in progress elsewhere (its lease running): the repeat waits, then gets the answer it kept.
    const key = randomUUID();
    await t.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, owner, locked_until, expires_at)
       VALUES ($1, $2, $3, $4, now() + interval '1 hour', now() + interval '1 day')`,
      [REGISTER_SCOPE, key, fingerprint, randomUUID()],
    );
    const waiting = register(e.slug, body, key).then((r) => r);
    await new Promise((r) => setTimeout(r, 300));
    await t.query(`UPDATE idempotency_keys SET status = 201, body = $3::json WHERE scope = $1 AND key = $2`, [
      REGISTER_SCOPE,
      key,
      JSON.stringify({ message: '¡Registro Exitoso!', registration: { id: 424242, status: 'registered' } }),
    ]);
    const answered = await waiting;
    expect([answered.status, answered.body.registration.id]).toEqual([201, 424242]);
    expect(await rows(e.id)).toEqual({ current: 0, real: 0 });

    // Still in progress after the wait (10 s): 409 in Spanish, with Retry-After.
    const busyKey = randomUUID();
    await t.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, owner, locked_until, expires_at)
       VALUES ($1, $2, $3, $4, now() + interval '1 hour', now() + interval '1 day')`,
      [REGISTER_SCOPE, busyKey, fingerprint, randomUUID()],
    );
    const busy = await register(e.slug, body, busyKey);
    expect(busy.status).toBe(409);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.body).toEqual({
      code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
      message: 'Esta solicitud todavía se está procesando. Espera unos segundos e intenta de nuevo.',
    });
  }, 30_000);

  it('a first request whose replica died (lease run out, no answer) is taken over by the repeat and processed once', async () => {
    const e = await createEvent(t, admin);
    const body = registrationBody(13);
    const key = randomUUID();
    await t.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, owner, locked_until, expires_at)
       VALUES ($1, $2, $3, $4, now() - interval '1 second', now() + interval '1 day')`,
      [REGISTER_SCOPE, key, requestFingerprint('POST', `/api/eventos/${e.slug}/register`, body), randomUUID()],
    );
    const res = await register(e.slug, body, key);
    expect(res.status).toBe(201);
    expect((await register(e.slug, body, key)).body).toEqual(res.body);
    expect(await rows(e.id)).toEqual({ current: 1, real: 1 });
  });

  it('expired keys are forgotten (a new request may use one) and the maintenance job deletes them', async () => {
    const e = await createEvent(t, admin);
    const key = randomUUID();
    expect((await register(e.slug, registrationBody(14), key)).status).toBe(201);
    await t.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
    expect((await register(e.slug, registrationBody(15), key)).status).toBe(201);
    await t.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
    const live = randomUUID();
    expect((await register(e.slug, registrationBody(16), live)).status).toBe(201);
    await t.workers!.get(PruneIdempotencyKeysJob).handle();
    const left = await t.query<{ key: string }>(`SELECT key FROM idempotency_keys WHERE key = ANY($1)`, [[key, live]]);
    expect(left).toEqual([{ key: live }]);
  });

  it('a door scan with a key answers the same judgement again; keys are per user', async () => {
    const e = await createEvent(t, admin);
    const { codigo } = (
      await t.query<{ codigo: string }>(`SELECT codigo FROM external_registrations WHERE id = $1`, [
        (await register(e.slug, registrationBody(17))).body.registration.id,
      ])
    )[0];
    const scan = (token: string, key: string) =>
      t.as(token).post(`/api/eventos-externos/${e.id}/check-in`).set('Idempotency-Key', key).send({ code: codigo, gate: 'Puerta Norte' });
    const key = randomUUID();
    const first = await scan(admin, key).expect(200);
    expect(first.body.result).toBe('admitted');
    const again = await scan(admin, key).expect(200);
    expect(again.body).toEqual(first.body);
    // The same key from another user is that user's own request: judged anew (already inside).
    const other = await t.createUser(admin, {
      email: `puerta-${randomUUID()}@municipio.gob.mx`,
      permissions: { eventos_externos: ['view', 'edit'] },
    });
    expect((await scan(other.token, key).expect(200)).body.result).toBe('already_inside');
  });

  it('a server error releases the key (the retry processes); a refusal is given again with its headers', async () => {
    const probe = t.app.get(ProbeController);
    probe.calls = 0;
    const key = randomUUID();
    const post = (path: string) => t.http().post(`/api/test-idempotency/${path}`).set('Idempotency-Key', key).send({ a: 1 });
    expect((await post('flaky')).status).toBe(500);
    const processed = await post('flaky');
    expect({ status: processed.status, body: processed.body }).toEqual({ status: 201, body: { calls: 2 } });
    const replayed = await post('flaky');
    expect({ status: replayed.status, body: replayed.body, again: replayed.headers['idempotent-replayed'] }).toEqual({
      status: 201,
      body: { calls: 2 },
      again: 'true',
    });
    expect(probe.calls).toBe(2);

    const refused = await post('refused');
    expect({ status: refused.status, sonda: refused.headers['x-aforo-sonda'] }).toEqual({ status: 422, sonda: '3' });
    const again = await post('refused');
    expect({
      status: again.status,
      body: again.body,
      sonda: again.headers['x-aforo-sonda'],
      replayed: again.headers['idempotent-replayed'],
    }).toEqual({
      status: 422,
      body: refused.body,
      sonda: '3',
      replayed: 'true',
    });
    expect(probe.calls).toBe(3);
  });

  it('a client that goes away mid-request keeps its key: the retry waits and gets the first answer, processed once', async () => {
    const probe = t.app.get(ProbeController);
    probe.calls = 0;
    let open!: () => void;
    probe.gate = new Promise<void>((resolve) => (open = resolve));
    const key = randomUUID();
    const body = JSON.stringify({ a: 1 });
    const gone = httpRequest(`${t.url}/api/test-idempotency/held`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': key },
    });
    gone.on('error', () => undefined);
    gone.end(body);
    while (probe.calls === 0) await sleep(10);
    gone.destroy();
    await sleep(200);
    const retry = t.http().post('/api/test-idempotency/held').set('Idempotency-Key', key).send({ a: 1 });
    const answered = retry.then((res) => res);
    await sleep(200);
    open();
    const res = await answered;
    expect({ status: res.status, body: res.body, replayed: res.headers['idempotent-replayed'] }).toEqual({
      status: 201,
      body: { calls: 1 },
      replayed: 'true',
    });
    expect(probe.calls).toBe(1);
  });

  it('every public write and door scan declares the header in the OpenAPI document, and nothing else does', async () => {
    const doc = (await t.http().get('/api/docs/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    };
    const declared = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(declared).toEqual(
      [
        'POST /api/eventos/{slug}/register',
        'POST /api/eventos/{slug}/waitlist',
        'POST /api/programas/{slug}/register',
        'POST /api/programas/{slug}/waitlist',
        'POST /api/eventos-internos/public/{slugOrId}/confirm',
        'POST /api/registros/cancelar/{token}',
        'POST /api/lista-espera/confirmar/{token}',
        'POST /api/lista-espera/aceptar/{token}',
        'POST /api/lista-espera/programa/confirmar/{token}',
        'POST /api/lista-espera/programa/aceptar/{token}',
        'POST /api/privacidad/solicitudes',
        'POST /api/privacidad/solicitudes/confirmar/{token}',
        'POST /api/privacidad/baja/{token}',
        'POST /api/eventos-externos/{id}/check-in',
        'POST /api/eventos-externos/{id}/check-in/batch',
        'POST /api/eventos-internos/{id}/check-in',
        'POST /api/eventos-internos/{id}/check-in/batch',
      ].sort(),
    );
  });
});
