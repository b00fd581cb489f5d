import { seedDemo } from '../../api/src/modules/seeds';
import { appPerFile, TestApp } from '../setup/test-app';

describe('npm run seed:demo — spaces', () => {
  let t: TestApp;
  appPerFile((app) => (t = app), { workers: false });

  it('adds three spaces with every seat as a row, labelled by the engine, once', async () => {
    expect(await seedDemo(t.db)).toMatch(/ 3 espacios nuevos[,.]/);
    expect(await seedDemo(t.db)).toMatch(/ 0 espacios nuevos[,.]/);
    const admin = await t.login();
    const res = await t.as(admin).get('/api/espacios').expect(200);
    const byName = Object.fromEntries(
      (
        res.body.espacios as Array<{
          nombre: string;
          capacidad_total: number;
          secciones_count: number;
          creator: { name: string } | null;
          id: number;
        }>
      ).map((e) => [e.nombre, e]),
    );
    expect(byName['Auditorio Municipal Luis Elizondo']).toMatchObject({
      secciones_count: 5,
      capacidad_total: 608,
      creator: { name: expect.any(String) },
    });
    expect(byName['Salón de Cabildo']).toMatchObject({ secciones_count: 2, capacidad_total: 88 });
    expect(byName['Explanada de los Héroes']).toMatchObject({ secciones_count: 4, capacidad_total: 8000 });
    const counts = await t.query<{ espacio_id: number; n: number; codes: number }>(
      `SELECT espacio_id, count(*)::int AS n, count(DISTINCT codigo)::int AS codes FROM asientos GROUP BY espacio_id`,
    );
    expect(counts.map((c) => c.n).sort((a, b) => a - b)).toEqual([88, 608, 8000]);
    expect(counts.every((c) => c.codes === c.n)).toBe(true);
    // Balcón Izquierdo starts after the tallest platea (14 rows: A–N), so its first seat is O-1.
    const [seat] = await t.query<{ codigo: string }>(
      `SELECT a.codigo FROM asientos a JOIN secciones s ON s.id = a.seccion_id WHERE s.codigo = 'BI' AND a.fila = 1 AND a.numero = 1`,
    );
    expect(seat.codigo).toBe('O-1');
  });
});
