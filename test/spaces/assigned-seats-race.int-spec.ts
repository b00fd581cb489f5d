import { Pool } from 'pg';
import { ensureInvited } from '../factories/internal-events';
import { createEspacio, espacioBody, seatsOf, seccion } from '../factories/spaces';
import { TestApp, signedInApp } from '../setup/test-app';

/**
 * "An edit never removes an assigned seat" holds under concurrency because the database guards it
 * (asiento_asignaciones.asiento_id → asientos ON DELETE RESTRICT), not a check before the write.
 */
describe('spaces: edits racing seat assignments never lose an assignment', () => {
  let t: TestApp;
  let admin: string;
  const withRow2 = espacioBody({ layout_config: '', secciones: [seccion('A', 2, 10)] });
  const withoutRow2 = espacioBody({ layout_config: '', secciones: [seccion('A', 1, 10)] });

  signedInApp((s) => ({ t, admin } = s), { workers: false });

  /** Assignments whose seat is not (any more) a seat of the space. */
  const lost = async (espacioId: number) =>
    (
      await t.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM asiento_asignaciones aa
          WHERE aa.evento_interno_id = $1 AND NOT EXISTS (SELECT 1 FROM asientos a WHERE a.id = aa.asiento_id)`,
        [espacioId],
      )
    )[0].n;

  it('parallel edits that drop row B and assignments into row B: each edit is saved or refused, no assignment lost', async () => {
    const e = await createEspacio(t, admin, withRow2);
    // Assignments reference real invitations (baseline migration): the event and its 100 invited.
    await ensureInvited(
      t,
      e.id,
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    const client = new Pool({ connectionString: t.config.databaseUrl, max: 3 });
    try {
      const edits: Array<Promise<number>> = [];
      const assigns: Array<Promise<boolean>> = [];
      for (let round = 0; round < 10; round++) {
        const row2 = [...(await seatsOf(t, e.id)).entries()].filter(([k]) => k.startsWith('A|2|')).map(([, v]) => v.id);
        edits.push(
          t
            .as(admin)
            .put(`/api/espacios/${e.id}`)
            .send(round % 2 ? withRow2 : withoutRow2)
            .then((r) => r.status),
        );
        for (const [i, seatId] of row2.slice(0, 3).entries()) {
          assigns.push(
            client
              .query(
                `INSERT INTO asiento_asignaciones (evento_interno_id, asiento_id, persona_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
                [e.id, seatId, round * 10 + i + 1],
              )
              .then(
                () => true,
                () => false, // the seat was deleted first: the assignment is refused, which is fine
              ),
          );
        }
        // Restore row B for the next round when it was dropped.
        await Promise.all(edits);
        await t.as(admin).put(`/api/espacios/${e.id}`).send(withRow2);
      }
      const statuses = await Promise.all(edits);
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      expect(statuses).toContain(409);
      expect(await lost(e.id)).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('control: without the foreign key, the same edit silently loses the assignments (the check above would see it)', async () => {
    const e = await createEspacio(t, admin, withRow2);
    const seat = (await seatsOf(t, e.id)).get('A|2|1')!.id;
    await ensureInvited(t, e.id, [1]);
    await t.query(`INSERT INTO asiento_asignaciones (evento_interno_id, asiento_id, persona_id) VALUES ($1, $2, 1)`, [e.id, seat]);
    await t.query(`ALTER TABLE asiento_asignaciones DROP CONSTRAINT asiento_asignaciones_asiento_id_fkey`);
    const res = await t.as(admin).put(`/api/espacios/${e.id}`).send(withoutRow2);
    expect(res.status).toBe(200);
    expect(await lost(e.id)).toBe(1);
  });
});
