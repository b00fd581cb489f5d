import { Client } from 'pg';
import { SignedLinks } from '../../api/src/core/links/signed-links';
import { createPrograma } from '../factories/programs';
import { eventually, signedInApp, type TestApp } from '../setup/test-app';

const LINK_INVALID = { message: 'El enlace no es válido. Revisa que esté completo, tal como llegó en tu correo.', code: 'LINK_INVALID' };

/**
 * Issue 29 §1.8: accepting a program's waitlist offer reads the entry's program, then locks the program row and the
 * entry. A program (or entry) deleted in between made those locks find nothing and the accept answered 500. Here the
 * deletion happens exactly there: another transaction holds the program row, the accept waits on it, and that
 * transaction deletes and commits.
 */
describe("a program's waitlist offer accepted while its program or entry is deleted", () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  /** A published program with a limit of 1 whose only place is held for one waitlist entry (offered for an hour). */
  async function heldOffer(i: number): Promise<{ programaId: number; entryId: number; token: string }> {
    const p = await createPrograma(t, admin, { max_participantes: 1 });
    const [entry] = await t.query<{ id: number; offered_until: Date }>(
      `INSERT INTO programa_lista_espera
         (programa_id, nombre, apellido_paterno, apellido_materno, correo_electronico, celular, solicitud, status, offer_count, offered_until, confirmed_at)
       VALUES ($1, 'María José', 'Treviño', 'Garza', $2, '8112345678', '{}'::jsonb, 'offered', 1, now() + interval '1 hour', now())
       RETURNING id, offered_until`,
      [p.id, `carrera${i}@correo.mx`],
    );
    await t.query(`UPDATE programas SET held_places = 1 WHERE id = $1`, [p.id]);
    const token = t.app.get(SignedLinks).sign('accept-program-waitlist-offer', entry.id, entry.offered_until);
    return { programaId: p.id, entryId: entry.id, token };
  }

  /**
   * Holds the program row in a transaction of its own, lets the accept start and wait for that lock, then runs
   * `deletion` in the holding transaction and commits: the accept's locks see the deletion.
   */
  async function acceptWhileDeleting(programaId: number, token: string, deletion: (c: Client) => Promise<unknown>) {
    const holder = new Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM programas WHERE id = $1 FOR UPDATE', [programaId]);
      const accepting = t
        .http()
        .post(`/api/lista-espera/programa/aceptar/${token}`)
        .then((r) => r);
      // The accept has read the entry's program and now waits for the row this transaction holds.
      await eventually(
        () =>
          t.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%FROM programas WHERE id = $1 FOR UPDATE%'`,
          ),
        (rows) => rows[0].n === 1,
      );
      await deletion(holder);
      await holder.query('COMMIT');
      return await accepting;
    } finally {
      await holder.end();
    }
  }

  it('the program deleted between the read and the lock: the link is refused as the accept page refuses it (404), never a 500', async () => {
    const { programaId, token } = await heldOffer(1);
    const res = await acceptWhileDeleting(programaId, token, (c) => c.query('DELETE FROM programas WHERE id = $1', [programaId]));
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: expect.objectContaining(LINK_INVALID) });
    // The page the link opens says the same.
    expect((await t.http().get(`/api/lista-espera/programa/aceptar/${token}`).expect(404)).body).toMatchObject(LINK_INVALID);
  });

  it('the entry deleted between the read and the lock: 404 with the same refusal, and the program is left as it was', async () => {
    const { programaId, entryId, token } = await heldOffer(2);
    const res = await acceptWhileDeleting(programaId, token, (c) => c.query('DELETE FROM programa_lista_espera WHERE id = $1', [entryId]));
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: expect.objectContaining(LINK_INVALID) });
    const [p] = await t.query<{ current: number }>(`SELECT participantes_actuales AS current FROM programas WHERE id = $1`, [programaId]);
    expect(p.current).toBe(0);
    const [{ n }] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM programa_registros WHERE programa_id = $1`, [programaId]);
    expect(n).toBe(0);
  });
});
