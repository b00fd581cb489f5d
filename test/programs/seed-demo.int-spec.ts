import { seedDemo } from '../../api/src/modules/seeds';
import { appPerFile, TestApp } from '../setup/test-app';

describe('npm run seed:demo: programs', () => {
  let t: TestApp;
  appPerFile((app) => (t = app), { workers: false });

  it('adds programs in every state with registrations whose places add up, once', async () => {
    expect(await seedDemo(t.db)).toMatch(/4 programas nuevos, \d+ correos de solicitud guardados\.$/);
    expect(await seedDemo(t.db)).toMatch(/0 programas nuevos, 0 correos de solicitud guardados\.$/);
    const states = await t.query<{ status: string }>('SELECT DISTINCT status FROM programas ORDER BY status');
    expect(states.map((s) => s.status)).toEqual(['closed', 'draft', 'published']);
    expect(await t.query('SELECT id FROM programas WHERE es_destacado')).toHaveLength(1);
    const regStates = await t.query<{ status: string }>('SELECT DISTINCT status FROM programa_registros ORDER BY status');
    expect(regStates.map((s) => s.status)).toEqual(['cancelado', 'confirmado', 'pendiente']);
    const mismatched = await t.query(
      `SELECT p.id FROM programas p
        WHERE participantes_actuales <> (SELECT count(*) FROM programa_registros r WHERE r.programa_id = p.id AND r.status <> 'cancelado')`,
    );
    expect(mismatched).toEqual([]);
    const businesses = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM programa_registros WHERE tiene_emprendimiento = 'si'`);
    expect(businesses[0].n).toBeGreaterThan(0);
  });
});
