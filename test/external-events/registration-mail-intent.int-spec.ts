import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { CorreoRow } from '../../api/src/modules/mail/mail.repository';
import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { eventually, signedInApp, type TestApp } from '../setup/test-app';

type IntentRow = Pick<
  CorreoRow,
  'id' | 'idempotency_key' | 'template' | 'to_email' | 'to_name' | 'data' | 'status' | 'subject' | 'html' | 'text' | 'message_id'
>;

const INTENT = `SELECT id::text, idempotency_key, template, to_email, to_name, data, status, subject, html, text, message_id FROM correos`;

/**
 * A registration's transaction writes its confirmation's intent — template, recipient, the data it is
 * written from, the idempotency key — never a rendered body, and wakes the workers with ONE NOTIFY per batch, not one
 * per registration. The workers do not store a body either: the Correos screen renders it (same masking rules).
 */
describe('a registration queues its confirmation as an intent, not a rendered body', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  it('right after the 201 the row holds the intent and no rendered column; after the workers, still none; the preview renders it', async () => {
    const e = await createEvent(t, admin, { title: 'Noche de Museos' });
    const res = await registerForEvent(t, e.slug, registrationBody(301)).expect(201);
    const id = res.body.registration.id as number;
    const [row] = await t.query<IntentRow>(`${INTENT} WHERE idempotency_key = $1`, [`registro.confirmacion:${id}`]);
    expect(row).toMatchObject({
      template: 'registro.confirmacion',
      to_email: 'persona301@correo.mx',
      to_name: 'JOSÉ ÁNGEL GARZA PEÑA',
      data: {
        registro_id: id,
        evento_id: e.id,
        slug: e.slug,
        nombre: 'JOSÉ ÁNGEL',
        evento: { titulo: 'Noche de Museos', lugar: 'Parque Fundidora, Monterrey' },
      },
      html: null,
      text: null,
    });
    // The transaction wrote no part of the rendered message (the workers may already have stored its subject).
    expect(JSON.stringify(row.data)).not.toMatch(/<html|Registro confirmado|\/registro\/cancelar\//);

    const stored = await eventually(
      async () => (await t.query<IntentRow>(`${INTENT} WHERE id = $1`, [row.id]))[0],
      (r) => r.status === 'stored',
    );
    expect(stored).toMatchObject({ subject: 'Registro confirmado: Noche de Museos', html: null, text: null });
    expect(stored.message_id).toMatch(/^<correo-/);

    const detail = (await t.as(admin).get(`/api/correos/${row.id}`).expect(200)).body.correo as { html: string; text: string };
    expect(detail.html).toContain('<html lang="es"');
    expect(detail.text).toContain(String(row.data.codigo));
    expect(detail.text).toContain('/registro/cancelar/');
  });

  it('the registration statement writes no rendered column, NOTIFYs the mail once for a batch of three and wakes the outbox relays', async () => {
    const e = await createEvent(t, admin, { title: 'Feria del Libro' });
    let ids: string[] = [];
    const listener = new Client({ connectionString: t.config.databaseUrl });
    await listener.connect();
    const payloads: string[] = [];
    let relayWakes = 0;
    listener.on('notification', (n) => {
      if (n.channel === 'aforo_mail') payloads.push(n.payload ?? '');
      // An api-only process has no relay to kick after its commit: the realtime processes' relays learn of the batch's
      // domain events from this NOTIFY (as from every outbox write), not from their 1 s scan.
      if (n.channel === 'aforo_outbox') relayWakes++;
    });
    await listener.query('LISTEN aforo_mail');
    await listener.query('LISTEN aforo_outbox');
    // The workers must not take the messages while the transaction's writes are read.
    await t.stopWorkers();
    try {
      const rows = [302, 303, 304].map((i) => ({
        ...registrationBody(i, { nombre: 'ROSA', apellido_paterno: 'LEAL', apellido_materno: 'CANTÚ' }),
        actor_id: null,
        ip: '127.0.0.1',
        aviso_version: null,
      }));
      const outcomes = await t.query<{ outcome: string; registration_id: number }>(
        `SELECT outcome, registration_id FROM register_external_batch($1, $2::jsonb)`,
        [e.slug, JSON.stringify(rows)],
      );
      expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'ok', 'ok']);
      const written = await t.query<IntentRow>(`${INTENT} WHERE idempotency_key = ANY($1) ORDER BY id`, [
        outcomes.map((o) => `registro.confirmacion:${o.registration_id}`),
      ]);
      expect(written).toHaveLength(3);
      ids = written.map((w) => w.id);
      for (const w of written) {
        expect(w).toMatchObject({
          template: 'registro.confirmacion',
          status: 'queued',
          subject: null,
          html: null,
          text: null,
          message_id: null,
        });
      }
      await eventually(
        () => payloads.length,
        (n) => n >= 1,
      );
      await new Promise((r) => setTimeout(r, 300)); // a second NOTIFY, if any, would have arrived by now
      expect(payloads).toHaveLength(1);
      expect(payloads[0].split(',').sort()).toEqual([...ids].sort());
      expect(relayWakes).toBe(1);
    } finally {
      await listener.end();
      await t.startWorkers();
    }
    // The dispatcher reads the ids of such a NOTIFY: started again, the workers store all three.
    await eventually(
      () =>
        t.query<{ n: number }>(`SELECT count(*)::int AS n FROM correos WHERE id = ANY($1) AND status = 'stored' AND html IS NULL`, [ids]),
      (r) => r[0].n === 3,
    );
  });

  it("a batch's confirmations are one insert: queue_mails once, no function call per message, the notice in force read once", async () => {
    const e = await createEvent(t, admin, { title: 'Festival de Jazz' });
    const rows = Array.from({ length: 40 }, (_, i) => ({
      ...registrationBody(400 + i),
      actor_id: null,
      ip: '127.0.0.1',
      aviso_version: null,
    }));
    const client = new Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      // Counts of this transaction's function calls (SQL functions inlined into a statement are not calls).
      await client.query(`SET LOCAL track_functions = 'all'`);
      const outcomes = await client.query<{ outcome: string }>(`SELECT outcome FROM register_external_batch($1, $2::jsonb)`, [
        e.slug,
        JSON.stringify(rows),
      ]);
      expect(outcomes.rows.every((o) => o.outcome === 'ok')).toBe(true);
      const calls = await client.query<{ funcname: string; calls: string }>(
        `SELECT funcname, calls::text FROM pg_stat_xact_user_functions
          WHERE funcname IN ('queue_mails', 'queue_mail', 'aviso_privacidad_vigente', 'external_event_mail')`,
      );
      expect(Object.fromEntries(calls.rows.map((c) => [c.funcname, Number(c.calls)]))).toEqual({
        queue_mails: 1,
        aviso_privacidad_vigente: 1,
        external_event_mail: 1,
      });
      const written = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM correos WHERE template = 'registro.confirmacion' AND ref_id = $1`,
        [e.id],
      );
      expect(written.rows[0].n).toBe(40);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
  });

  it('a batch plans nothing again per call: queue_mails keeps a generic plan, the notice in force is PL/pgSQL, the hot statements are prepared', async () => {
    // Planned for its arrays' lengths, every custom plan of queue_mails's statement looked cheaper than a generic one, so
    // PL/pgSQL planned it at every call (0.16 ms); a SQL function reading a table is parsed and planned at every call.
    const fns = await t.query<{ proname: string; lang: string; config: string[] | null }>(
      `SELECT p.proname, l.lanname AS lang, p.proconfig AS config FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
        WHERE p.proname IN ('queue_mails', 'aviso_privacidad_vigente') ORDER BY p.proname`,
    );
    expect(fns).toEqual([
      { proname: 'aviso_privacidad_vigente', lang: 'plpgsql', config: null },
      { proname: 'queue_mails', lang: 'plpgsql', config: ['plan_cache_mode=force_generic_plan'] },
    ]);
    // The batch gathers its confirmations by assignments in its loop, not with a statement over its accepted rows.
    const [{ body }] = await t.query<{ body: string }>(`SELECT prosrc AS body FROM pg_proc WHERE proname = 'register_external_batch'`);
    expect(body).not.toMatch(/unnest\(accepted\)|array_agg\(/);
    // With one generic plan for any batch size, queue_mails's insert reads no other table: the opposition list is read
    // before it, by its primary key (a subquery per message hashed the whole list at every call).
    const [{ body: queue }] = await t.query<{ body: string }>(`SELECT prosrc AS body FROM pg_proc WHERE proname = 'queue_mails'`);
    expect(queue).toMatch(/FROM correo_supresiones s\s+WHERE s\.email = ANY/);
    expect(queue.match(/correo_supresiones/g)).toHaveLength(1);

    // The batch, the key's claim and answer, the audit write and the send job's two statements go as named prepared
    // statements (core/database/prepared.ts):
    // parsed once per connection, where TypeORM's query() sends them unnamed, parsed and planned at every call.
    const named = new Set<string>();
    const original = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const config = args[0];
      if (typeof config === 'object' && config !== null && 'name' in config && typeof config.name === 'string') named.add(config.name);
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    try {
      const e = await createEvent(t, admin, { title: 'Festival Santa Lucía' });
      // With an Idempotency-Key, as the web app sends every submission.
      const res = await registerForEvent(t, e.slug, registrationBody(480)).set('Idempotency-Key', randomUUID()).expect(201);
      const id = res.body.registration.id as number;
      await eventually(
        async () =>
          (await t.query<{ status: string }>(`SELECT status FROM correos WHERE idempotency_key = $1`, [`registro.confirmacion:${id}`]))[0],
        (r) => r?.status === 'stored',
      );
      await eventually(
        async () => (await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_logs WHERE resource_id = $1`, [String(id)]))[0],
        (r) => r.n === 1,
      );
    } finally {
      spy.mockRestore();
    }
    expect([...named].sort()).toEqual(
      expect.arrayContaining([
        'audit_write_from_events',
        'correos_claim',
        'correos_find_for_send',
        'idempotency_answer_batch',
        'idempotency_claim_batch',
        'register_external_batch',
      ]),
    );
    // The send job reads the message and checks the opposition list in one statement (not a read, then an update).
    expect([...named]).not.toContain('correos_find_by_id');
    expect([...named]).not.toContain('correos_suppress_if_listed');
  });
});
