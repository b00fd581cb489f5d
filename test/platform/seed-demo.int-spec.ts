import { seedDemo } from '../../api/src/modules/seeds';
import { appPerFile, TestApp } from '../setup/test-app';

describe('npm run seed:demo', () => {
  let t: TestApp;
  appPerFile((app) => (t = app), { workers: false });

  it('adds users with different permission sets and external events in every state, once', async () => {
    expect(await seedDemo(t.db)).toMatch(/6 usuarios nuevos.*6 eventos externos nuevos, 300 personas nuevas/);
    expect(await seedDemo(t.db)).toMatch(/0 usuarios nuevos.*0 eventos externos nuevos, 0 personas nuevas/);
    const levels = await t.query<{ completeness_level: string; n: number }>(
      'SELECT completeness_level, count(*)::int AS n FROM personas GROUP BY completeness_level ORDER BY completeness_level',
    );
    expect(levels.map((l) => l.completeness_level)).toEqual(['green', 'orange', 'red']);
    expect(levels.every((l) => l.n >= 50)).toBe(true);
    const states = await t.query<{ status: string }>('SELECT DISTINCT status FROM external_events ORDER BY status');
    expect(states.map((s) => s.status)).toEqual(['cancelled', 'completed', 'draft', 'published']);
    expect(await t.query('SELECT id FROM external_events WHERE is_featured')).toHaveLength(1);
    const mismatched = await t.query(
      `SELECT e.id FROM external_events e WHERE current_attendees <> (SELECT count(*) FROM external_registrations r WHERE r.event_id = e.id)`,
    );
    expect(mismatched).toEqual([]);
    const perms = await t.query<{ permissions: object }>('SELECT DISTINCT permissions FROM users');
    expect(perms.length).toBeGreaterThanOrEqual(4);
    // The first page of the people list (its order: sort_key, id) shows varied names, not one name ten times.
    const firstPage = await t.query<{ name: string }>(
      `SELECT concat_ws(' ', nombre, apellido_paterno, apellido_materno) AS name FROM personas ORDER BY sort_key, id LIMIT 10`,
    );
    expect(new Set(firstPage.map((p) => p.name)).size).toBeGreaterThanOrEqual(8);
    const firstNames = new Set(firstPage.map((p) => p.name.split(' ')[0]));
    expect(firstNames.size).toBeGreaterThanOrEqual(6);
  });

  it('adds internal events in every state with attendees, codes and a space with seats given', async () => {
    const estados = await t.query<{ estado: string; n: number }>(
      `SELECT e.estado, count(a.*)::int AS n FROM eventos_internos e JOIN evento_asistentes a ON a.evento_interno_id = e.id GROUP BY e.estado ORDER BY e.estado`,
    );
    expect(estados.map((e) => e.estado)).toEqual(['borrador', 'cancelado', 'completado', 'confirmado']);
    expect(estados.every((e) => e.n > 0)).toBe(true);
    const [{ seats }] = await t.query<{ seats: number }>(`SELECT count(*)::int AS seats FROM asiento_asignaciones`);
    expect(seats).toBeGreaterThan(0);
    const [{ spaces }] = await t.query<{ spaces: number }>(`SELECT count(*)::int AS spaces FROM evento_espacios`);
    expect(spaces).toBe(1);
  });
});
