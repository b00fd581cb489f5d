import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { MailOutbox } from '../../api/src/modules/mail/mail-outbox';
import type { QueuedMail } from '../../api/src/shared/contracts/mail.contract';
import { appPerFile, TestApp } from '../setup/test-app';

const offer = (key: string): QueuedMail<'lista-espera.oferta'> => ({
  key,
  template: 'lista-espera.oferta',
  to: { email: 'ana@aforo.test', name: 'Ana' },
  data: {
    entrada_id: 1,
    evento_id: 1,
    slug: 'concierto',
    nombre: 'Ana',
    oferta_hasta: '2026-12-01T18:00:00.000Z',
    evento: { titulo: 'Concierto', inicio: '2026-12-02T02:00:00.000Z', fin: null, lugar: 'Parque Fundidora' },
  },
  ref: { type: 'evento-externo', id: 1 },
});

describe('mail outbox: a message is queued with its change, once per cause', () => {
  let t: TestApp;
  appPerFile((app) => (t = app));

  it('queues in the caller transaction: a rollback queues nothing, a key queued twice is one message', async () => {
    const ds = t.app.get(DataSource);
    const outbox = t.app.get(MailOutbox);
    await ds
      .transaction(async (m) => {
        await outbox.queue(m, [offer('rolled-back')]);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await t.query(`SELECT 1 FROM correos WHERE idempotency_key = 'rolled-back'`)).toHaveLength(0);

    const first = await ds.transaction((m) => outbox.queue(m, [offer('a:1'), offer('a:2'), offer('a:1')]));
    const again = await ds.transaction((m) => outbox.queue(m, [offer('a:2')]));
    expect([first, again]).toEqual([2, 0]);
    // The test app's workers may already have taken them (without SMTP_URL a message ends 'stored').
    const rows = await t.query<{ template: string; ref_type: string }>(
      `SELECT template, ref_type FROM correos WHERE idempotency_key LIKE 'a:%'`,
    );
    expect(rows).toEqual([
      { template: 'lista-espera.oferta', ref_type: 'evento-externo' },
      { template: 'lista-espera.oferta', ref_type: 'evento-externo' },
    ]);
  });

  it('many messages are one insert with the rules of one: order kept, a bad address failed, a suppressed one kept unsent (not the ARCO answers), one NOTIFY naming only those to send', async () => {
    const ds = t.app.get(DataSource);
    const outbox = t.app.get(MailOutbox);
    await t.query(`INSERT INTO correo_supresiones (email, motivo) VALUES ('baja@aforo.test', 'baja')`);
    const listener = new Client({ connectionString: t.config.databaseUrl });
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (n) => payloads.push(n.payload ?? ''));
    await listener.query('LISTEN aforo_mail');
    await t.stopWorkers();
    try {
      const to = (key: string, email: string, name: string | null = 'Ana', template = 'lista-espera.oferta') =>
        ({ ...offer(key), template, to: { email, name } }) as QueuedMail<'lista-espera.oferta'>;
      const n = await ds.transaction((m) =>
        outbox.queue(m, [
          to('b:1', '  Ana.Perez+eventos@Sub.Aforo.test ', 'Ana\u202e \u200b  Pérez'),
          to('b:2', 'sin-arroba.aforo.test'),
          to('b:3', 'BAJA@aforo.test'),
          to('b:4', 'baja@aforo.test', null, 'privacidad.respuesta'),
          to('b:1', 'otra@aforo.test'),
          to('b:5', `${'x'.repeat(65)}@aforo.test`),
        ]),
      );
      expect(n).toBe(5);
      const rows = await t.query<{
        idempotency_key: string;
        to_email: string;
        to_name: string | null;
        status: string;
        last_error: string | null;
      }>(`SELECT idempotency_key, to_email, to_name, status, last_error FROM correos WHERE idempotency_key LIKE 'b:%' ORDER BY id`);
      expect(rows).toEqual([
        { idempotency_key: 'b:1', to_email: 'Ana.Perez+eventos@Sub.Aforo.test', to_name: 'Ana Pérez', status: 'queued', last_error: null },
        {
          idempotency_key: 'b:2',
          to_email: 'sin-arroba.aforo.test',
          to_name: 'Ana',
          status: 'failed',
          last_error: 'La dirección de correo no es válida; no se envió.',
        },
        {
          idempotency_key: 'b:3',
          to_email: 'BAJA@aforo.test',
          to_name: 'Ana',
          status: 'suppressed',
          last_error: 'La persona pidió no recibir correos (oposición o baja); no se envió.',
        },
        { idempotency_key: 'b:4', to_email: 'baja@aforo.test', to_name: null, status: 'queued', last_error: null },
        {
          idempotency_key: 'b:5',
          to_email: `${'x'.repeat(65)}@aforo.test`,
          to_name: 'Ana',
          status: 'failed',
          last_error: 'La dirección de correo no es válida; no se envió.',
        },
      ]);
      const queued = await t.query<{ id: string }>(`SELECT id::text FROM correos WHERE idempotency_key IN ('b:1', 'b:4') ORDER BY id`);
      await new Promise((r) => setTimeout(r, 300));
      expect(payloads).toEqual([queued.map((q) => q.id).join(',')]);
    } finally {
      await listener.end();
      await t.startWorkers();
    }
  });

  it('an address is valid by the same rule as the RFC pattern with bounded lengths, checked apart', async () => {
    const label = (n: number) => 'y'.repeat(n);
    const cases = [
      'a@b.mx',
      'a@b',
      'a b@c.mx',
      `${'x'.repeat(64)}@a.mx`,
      `${'x'.repeat(65)}@a.mx`,
      `a@${label(63)}.mx`,
      `a@${label(64)}.mx`,
      'a@-b.mx',
      'a@b-.mx',
      'a@b..mx',
      ' ana@x.com ',
      'ñ@x.mx',
      'a@@b.mx',
      'a.b+c@sub.dom.mx',
      'a@b.c-d.mx',
      '',
      '@b.mx',
      'a@.mx',
      'a@b.mx.',
      'a@b_c.mx',
      "o'hara@x.mx",
      `a@${`${label(60)}.`.repeat(4)}mx`,
      `${'x'.repeat(250)}@a.mx`,
      'a@1.2',
      `a@b.${label(63)}`,
      `a@b.${label(64)}`,
      'a\t@b.mx',
      'a@b.mx\n',
    ];
    // The pattern as it was written with bounded repetitions (what mail_address_valid must keep answering).
    const bounded =
      "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";
    const rows = await t.query<{ e: string; valid: boolean; expected: boolean }>(
      `SELECT e, mail_address_valid(e) AS valid, (length(btrim(e)) <= 254 AND btrim(e) ~ $2) AS expected FROM unnest($1::text[]) e`,
      [cases, bounded],
    );
    expect(rows.filter((r) => r.valid !== r.expected)).toEqual([]);
    expect(rows.filter((r) => r.valid).map((r) => r.e)).toEqual([
      'a@b.mx',
      `${'x'.repeat(64)}@a.mx`,
      `a@${label(63)}.mx`,
      ' ana@x.com ',
      'a.b+c@sub.dom.mx',
      'a@b.c-d.mx',
      "o'hara@x.mx",
      `a@${`${label(60)}.`.repeat(4)}mx`,
      'a@1.2',
      `a@b.${label(63)}`,
    ]);
  });
});
