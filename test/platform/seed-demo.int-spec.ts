import { seedDemo } from '../../api/src/modules/seeds';
import { appPerFile, TestApp } from '../setup/test-app';

describe('npm run seed:demo', () => {
  let t: TestApp;
  appPerFile((app) => (t = app), { workers: false });

  it('adds users with different permission sets and external events in every state, once', async () => {
    expect(await seedDemo(t.db)).toMatch(
      /6 usuarios nuevos.*7 eventos externos nuevos, hoy: Festival de la Luz en la Macroplaza: 330 asistentes por 2 puertas, \d+ dentro, 596 correos de registro guardados, 300 personas nuevas.*programas nuevos, \d+ correos de solicitud guardados/,
    );
    expect(await seedDemo(t.db)).toMatch(
      /0 usuarios nuevos.*0 eventos externos nuevos, 0 correos de registro guardados, 0 personas nuevas.*0 programas nuevos, 0 correos de solicitud guardados/,
    );
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

  it('adds a public event happening today with a few hundred attended over two gates, the door tables consistent', async () => {
    const [e] = await t.query<{ id: number; today: boolean; aforo_maximo: number; status: string }>(
      `SELECT id, status, aforo_maximo,
              (event_date AT TIME ZONE 'America/Monterrey')::date = (now() AT TIME ZONE 'America/Monterrey')::date AS today
         FROM external_events WHERE slug = 'festival-de-la-luz-en-la-macroplaza'`,
    );
    expect(e).toMatchObject({ today: true, status: 'published', aforo_maximo: 380 });
    const [door] = await t.query<{
      inside: number;
      present: number;
      came: number;
      attended: number;
      entries: number;
      exits: number;
      scans: number;
      admitted: number;
      exited: number;
      gates: number;
      gates_used: number;
      version: number;
      level: number;
      last_minute: number;
      minutes_last_hour: number;
    }>(
      `SELECT o.inside, o.version::int AS version, o.alarm_level AS level,
              (SELECT count(*)::int FROM door_presence p WHERE p.event_kind = 'externo' AND p.event_id = $1 AND p.inside) AS present,
              (SELECT count(*)::int FROM door_presence p WHERE p.event_kind = 'externo' AND p.event_id = $1) AS came,
              (SELECT count(*)::int FROM external_registrations r WHERE r.event_id = $1 AND r.status = 'attended') AS attended,
              (SELECT sum(entries)::int FROM door_gates g WHERE g.event_kind = 'externo' AND g.event_id = $1) AS entries,
              (SELECT sum(exits)::int FROM door_gates g WHERE g.event_kind = 'externo' AND g.event_id = $1) AS exits,
              (SELECT count(*)::int FROM door_gates g WHERE g.event_kind = 'externo' AND g.event_id = $1) AS gates,
              (SELECT count(*)::int FROM door_gates g WHERE g.event_kind = 'externo' AND g.event_id = $1 AND g.entries > 0 AND g.exits > 0) AS gates_used,
              (SELECT count(*)::int FROM door_scans s WHERE s.event_kind = 'externo' AND s.event_id = $1) AS scans,
              (SELECT count(*)::int FROM door_scans s WHERE s.event_kind = 'externo' AND s.event_id = $1 AND s.result = 'admitted') AS admitted,
              (SELECT count(*)::int FROM door_scans s WHERE s.event_kind = 'externo' AND s.event_id = $1 AND s.result = 'exited') AS exited,
              (SELECT m.inside FROM door_minutes m WHERE m.event_kind = 'externo' AND m.event_id = $1 ORDER BY m.minute DESC LIMIT 1) AS last_minute,
              (SELECT count(*)::int FROM door_minutes m WHERE m.event_kind = 'externo' AND m.event_id = $1 AND m.minute > now() - interval '1 hour') AS minutes_last_hour
         FROM door_occupancy o WHERE o.event_kind = 'externo' AND o.event_id = $1`,
      [e.id],
    );
    // A few hundred came, each attended once (the first entry), over two gates; the counter is the people inside.
    expect(door.came).toBe(330);
    expect(door.attended).toBe(door.came);
    expect(door.inside).toBe(door.present);
    expect(door.inside).toBeGreaterThanOrEqual(200);
    expect(door.entries - door.exits).toBe(door.inside);
    expect(door.admitted).toBe(door.entries);
    expect(door.exited).toBe(door.exits);
    expect(door.scans).toBe(door.version);
    expect(door.gates).toBe(2);
    expect(door.gates_used).toBe(2);
    expect(door.last_minute).toBe(door.inside);
    expect(door.minutes_last_hour).toBeGreaterThan(10);
    // Over 80 % of its venue limit: the board opens with its first alarm level.
    expect(door.level).toBe(80);
    // The board reads it as it would after real scans.
    const occ = await t
      .as(await t.login())
      .get(`/api/eventos-externos/${e.id}/occupancy`)
      .expect(200);
    expect(occ.body).toMatchObject({ inside: door.inside, capacity: 380, level: 80, entry_stopped: false, conflicts: 0 });
    expect(occ.body.gates.map((g: { gate: string }) => g.gate)).toEqual(['Puerta Norte', 'Puerta Sur']);
    expect(occ.body.series.some((p: { inside: number }) => p.inside > 0)).toBe(true);
  });

  it('leaves the mail the demo registrations would have produced, stored as without SMTP (never sent)', async () => {
    const [{ registrations }] = await t.query<{ registrations: number }>(
      `SELECT count(*)::int AS registrations FROM external_registrations WHERE status <> 'cancelled'`,
    );
    const mail = await t.query<{ template: string; status: string; n: number; with_ref: number; dated: number }>(
      `SELECT template, status, count(*)::int AS n, count(ref_id)::int AS with_ref,
              count(*) FILTER (WHERE sent_at = created_at)::int AS dated
         FROM correos GROUP BY template, status ORDER BY template`,
    );
    expect(mail).toEqual([
      {
        template: 'programa.solicitud-recibida',
        status: 'stored',
        n: expect.any(Number),
        with_ref: expect.any(Number),
        dated: expect.any(Number),
      },
      { template: 'registro.confirmacion', status: 'stored', n: registrations, with_ref: registrations, dated: registrations },
    ]);
    const [{ applications }] = await t.query<{ applications: number }>(`SELECT count(*)::int AS applications FROM programa_registros`);
    expect(mail[0]).toMatchObject({ n: applications, with_ref: applications });
    // The Correos screen opens one as the person would get it: the door code, rendered when opened.
    const [one] = await t.query<{ id: string; codigo: string }>(
      `SELECT c.id, r.codigo FROM correos c JOIN external_registrations r ON c.idempotency_key = 'registro.confirmacion:' || r.id LIMIT 1`,
    );
    const detail = await t
      .as(await t.login())
      .get(`/api/correos/${one.id}`)
      .expect(200);
    expect(detail.body.correo).toMatchObject({ status: 'stored', subject: expect.stringMatching(/^Registro confirmado: /) });
    expect(detail.body.correo.text).toContain(one.codigo);
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
