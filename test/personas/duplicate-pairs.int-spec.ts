import { PersonalDataRegistry } from '../../api/src/core/privacy/personal-data-registry';
import { PrivacyService } from '../../api/src/modules/privacy/privacy.service';
import { DedupeKeysJob } from '../../api/src/modules/personas/jobs/dedupe-keys.job';
import { createNamedPersona, createPersona, duplicatePairOf as pairOf, listDuplicates } from '../factories/personas';
import { signedInApp, type TestApp } from '../setup/test-app';

/**
 * The possible duplicates are stored (`persona_duplicado_pares`), written with each person's keys in the same
 * transaction, and the listing reads them (issue 32 §1's ≤ 1 s for 100,000 people: docs/decisions/personas.md).
 */
describe('stored possible-duplicate pairs', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  const list = (page = 1) => listDuplicates(t, admin, page);
  const stored = (ids: number[]) =>
    t.query<{ persona_a: number; persona_b: number; score: number; reasons: string[] }>(
      `SELECT persona_a, persona_b, score, reasons FROM persona_duplicado_pares
        WHERE persona_a = ANY($1::int[]) OR persona_b = ANY($1::int[]) ORDER BY persona_a, persona_b`,
      [ids],
    );

  it('a pair is stored when the second person is written, listed from the table, and gone with a deleted person', async () => {
    const a = await createNamedPersona(t, admin, ['Rosa María', 'Cantú', 'Elizondo']);
    expect(await stored([a.id])).toEqual([]);
    const b = await createNamedPersona(t, admin, ['Rosa Maria', 'Cantu', 'Elizondo']);
    expect(await stored([a.id, b.id])).toEqual([{ persona_a: a.id, persona_b: b.id, score: 60, reasons: ['mismo nombre'] }]);
    expect(pairOf(await list(), a.id, b.id)).toMatchObject({ score: 60, reasons: ['mismo nombre'] });

    // The listing answers from the stored rows (no scoring on the request): what the table says is what it lists.
    await t.query(`UPDATE persona_duplicado_pares SET score = 97, reasons = '["marcado por la prueba"]' WHERE persona_a = $1`, [a.id]);
    const page = await list();
    expect(page.data[0]).toMatchObject({ score: 97, reasons: ['marcado por la prueba'] });
    expect(page.data[0].personas.map((p) => p.nombre_completo)).toEqual(['ROSA MARÍA CANTÚ ELIZONDO', 'ROSA MARIA CANTU ELIZONDO']);
    // Below the setting: not listed, and not counted.
    await t.query(`UPDATE persona_duplicado_pares SET score = 49 WHERE persona_a = $1`, [a.id]);
    expect(pairOf(await list(), a.id, b.id)).toBeUndefined();
    expect((await list()).total).toBe(0);

    // Saved again: scored again by the rules.
    await t.as(admin).put(`/api/personas/${b.id}`).send({ nombre: 'Rosa Maria', apellido_paterno: 'Cantu', apellido_materno: 'Elizondo' });
    expect(await stored([b.id])).toEqual([{ persona_a: a.id, persona_b: b.id, score: 60, reasons: ['mismo nombre'] }]);

    expect((await t.as(admin).delete(`/api/personas/${a.id}`)).status).toBeLessThan(300);
    expect(await stored([a.id, b.id])).toEqual([]);
    expect((await list()).total).toBe(0);
  });

  it('a changed mobile moves a pair; pages, totals and the order follow the table', async () => {
    const e = await createNamedPersona(t, admin, ['Martha', 'Salinas', 'Garza'], { telefono_celular: '8111111111' });
    const f = await createNamedPersona(t, admin, ['Martha', 'Salinas'], { telefono_celular: '8111111111' });
    const g = await createNamedPersona(t, admin, ['Martha', 'Salinas', 'García'], { telefono_celular: '8122222222' });
    expect(await stored([e.id, f.id, g.id])).toEqual([
      { persona_a: e.id, persona_b: f.id, score: 75, reasons: ['mismo celular', 'nombre incompleto: falta GARZA'] },
    ]);

    const moved = await t
      .as(admin)
      .put(`/api/personas/${f.id}`)
      .send({ nombre: 'Martha', apellido_paterno: 'Salinas', telefono_celular: '8122222222' });
    expect(moved.status).toBe(200);
    expect(await stored([e.id, f.id, g.id])).toEqual([
      { persona_a: f.id, persona_b: g.id, score: 75, reasons: ['mismo celular', 'nombre incompleto: falta GARCIA'] },
    ]);
    const page = await list();
    expect(pairOf(page, e.id, f.id)).toBeUndefined();
    expect(pairOf(page, f.id, g.id)).toMatchObject({ score: 75 });

    // Eleven more pairs: two pages, best first, then smaller ids first, the same as the table's index order.
    const surnames = [
      'Benavides',
      'Cavazos',
      'Elizondo',
      'Fuentes',
      'Guajardo',
      'Ibarra',
      'Leal',
      'Morales',
      'Quiroga',
      'Rangel',
      'Zapata',
    ];
    for (const surname of surnames) {
      const name = { nombre: 'Tomás', apellido_paterno: surname, apellido_materno: 'Lozano' };
      await createPersona(t, admin, name);
      await createPersona(t, admin, { ...name, nombre: 'Tomas' });
    }
    const first = await list(1);
    const second = await list(2);
    expect(first).toMatchObject({ total: 12, last_page: 2, per_page: 10 });
    expect(second.data).toHaveLength(2);
    const fromTable = await t.query<{ a: number; b: number }>(
      `SELECT persona_a AS a, persona_b AS b FROM persona_duplicado_pares WHERE score >= 50 ORDER BY score DESC, persona_a, persona_b`,
    );
    expect([...first.data, ...second.data].map((p) => ({ a: p.personas[0].id, b: p.personas[1].id }))).toEqual(fromTable);
  });

  it('two people who match, written at the same time, still make their pair', async () => {
    const mothers = ['Montemayor', 'Cantú', 'Zambrano', 'Quintanilla'];
    for (let round = 0; round < mothers.length; round++) {
      const name = { apellido_paterno: 'Villarreal', apellido_materno: mothers[round] };
      const [x, y] = await Promise.all([
        t
          .as(admin)
          .post('/api/personas')
          .send({ nombre: 'Jorge Alberto', ...name }),
        t
          .as(admin)
          .post('/api/personas')
          .send({ nombre: 'Jorge Alberto', ...name, telefono_celular: `81333333${round}0` }),
      ]);
      expect([x.status, y.status]).toEqual([201, 201]);
      expect(await stored([x.body.persona.id])).toEqual([
        expect.objectContaining({
          persona_a: Math.min(x.body.persona.id, y.body.persona.id),
          persona_b: Math.max(x.body.persona.id, y.body.persona.id),
        }),
      ]);
    }
  });

  it('the keys job writes the pairs of people keyed by no screen (the backfill after the migration)', async () => {
    const a = await createNamedPersona(t, admin, ['Lucía', 'Sada', 'Zambrano']);
    const b = await createNamedPersona(t, admin, ['Lucia', 'Sada', 'Zambrano']);
    // As the migration leaves an existing database: every person unkeyed, no pairs.
    await t.query(`DELETE FROM persona_duplicado_pares`);
    await t.query(`DELETE FROM persona_duplicado_indexadas`);
    expect((await list()).total).toBe(0);
    await t.workers!.get(DedupeKeysJob).handle();
    expect(await stored([a.id])).toEqual([{ persona_a: a.id, persona_b: b.id, score: 60, reasons: ['mismo nombre'] }]);
    const first = await list();
    const pages = [first, ...(await Promise.all(Array.from({ length: first.last_page - 1 }, (_, i) => list(i + 2))))];
    expect(pages.map((p) => pairOf(p, a.id, b.id)).filter(Boolean)).toHaveLength(1);
  });

  it('the keys job and the screens writing at the same time both finish, and the pairs are right', async () => {
    const made: number[] = [];
    for (let i = 0; i < 30; i++) made.push((await createNamedPersona(t, admin, ['Abel', `Treviño${i}`, 'Quiroga'])).id);
    await t.query(`DELETE FROM persona_duplicado_indexadas WHERE persona_id = ANY($1::int[])`, [made]);
    const [, edited, created] = await Promise.all([
      t.workers!.get(DedupeKeysJob).handle(),
      t.as(admin).put(`/api/personas/${made[3]}`).send({ nombre: 'Abel', apellido_paterno: 'Cisneros', apellido_materno: 'Quiroga' }),
      t
        .as(admin)
        .post('/api/personas')
        .send({ nombre: 'Abel', apellido_paterno: 'Cisneros', apellido_materno: 'Quiroga', telefono_celular: '8144444444' }),
    ]);
    expect([edited.status, created.status]).toEqual([200, 201]);
    expect(await stored([made[3]])).toEqual([
      { persona_a: made[3], persona_b: created.body.persona.id, score: 60, reasons: ['mismo nombre'] },
    ]);
  });

  it('pairs are personal data an ARCO request reaches: access lists them, cancellation deletes them', async () => {
    const email = 'hilda.pares@correo.mx';
    const a = await createNamedPersona(t, admin, ['Hilda', 'Garza', 'Treviño'], { correo_electronico: email });
    const b = await createNamedPersona(t, admin, ['Hilda', 'Garsa', 'Treviño']);
    const held = (await t.app.get(PrivacyService).recordsOf(email)).filter((r) => r.fuente === 'posibles_duplicados');
    expect(held).toEqual([
      expect.objectContaining({
        id: a.id,
        campos: { personas: `${a.id}, ${b.id}`, puntuacion: '50', motivos: '["nombre casi igual: GARZA / GARSA"]' },
      }),
    ]);
    await t.db.transaction(async (m) => {
      for (const holder of t.app.get(PersonalDataRegistry).all()) await holder.anonymizeByEmail(m, email);
    });
    expect(await stored([a.id, b.id])).toEqual([]);
  });
});
