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
});
