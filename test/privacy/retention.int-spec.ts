import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { QueueWorkers } from '../../workers/src/queue-workers';
import { WorkersModule } from '../../workers/src/workers.module';
import { RetentionSweepJob } from '../../api/src/modules/retention/jobs/retention-sweep.job';
import { RETENTION_SWEEP_EVERY_MS } from '../../api/src/shared/contracts/retention.contract';
import { createEvent, joinWaitlistConfirmed, registerForEvent, registrationBody } from '../factories/external-events';
import { applicationBody, createPrograma, registerForProgram } from '../factories/programs';
import { confirmacion, queueMails } from '../mail/mail-factories';
import { eventually, signedInApp, TestApp } from '../setup/test-app';

const DAY = 24 * 60 * 60 * 1000;
const monthsAgo = (n: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
};

/**
 * Retention: records past their area's period are anonymised in place (counts, statuses, seats stay),
 * messages' bodies purged, imports' files deleted — by a scheduled run, once per cluster, or staff's button; a second
 * run changes nothing. Time is set by moving the records' dates back in SQL.
 */
describe('retention of personal data', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { WAITLIST_JOIN_LIMIT_PER_MINUTE: '100000' } });

  /** An event with two registrations (one attended) and one person in its waitlist, ended `ago` months ago. */
  async function endedEvent(ago: number, tag: string) {
    const e = await createEvent(t, admin, { max_attendees: 2, title: `Evento ${tag}` });
    for (const i of [1, 2]) {
      const res = await registerForEvent(t, e.slug, registrationBody(i, { email: `${tag}${i}@correo.mx`, empresa: 'Cervecería' }));
      expect(res.status).toBe(201);
    }
    await joinWaitlistConfirmed(t, e.slug, registrationBody(3, { email: `${tag}3@correo.mx` }));
    await t.query(`UPDATE external_registrations SET status = 'attended', curp = 'GAPJ900517HNLRXS09' WHERE email = $1`, [
      `${tag.toUpperCase()}1@CORREO.MX`,
    ]);
    const end = monthsAgo(ago);
    await t.query(`UPDATE external_events SET event_date = $2, end_date = $3, status = 'completed' WHERE id = $1`, [
      e.id,
      new Date(end.getTime() - 3 * 3600_000),
      end,
    ]);
    return e;
  }

  const people = (eventId: number) =>
    t.query<Record<string, unknown>>(
      `SELECT id, nombre, apellido_paterno, apellido_materno, email, phone, curp, empresa, fecha_nacimiento, status, codigo, anonimizado_at
         FROM external_registrations WHERE event_id = $1 ORDER BY id`,
      [eventId],
    );
  const board = async (eventId: number) => {
    const list = await t.as(admin).get('/api/eventos-externos').expect(200);
    const e = (list.body.events as Array<Record<string, unknown>>).find((x) => x.id === eventId)!;
    const regs = await t.as(admin).get(`/api/eventos-externos/${eventId}/registrations`).expect(200);
    const statuses = (regs.body.registrations as Array<{ status: string }>).map((r) => r.status).sort();
    return { current: e.current_attendees, max: e.max_attendees, waitlist: e.waitlist_count, held: e.held_places, statuses };
  };

  it('is scheduled in the workers: one job scheduler in the cluster however many workers processes run', async () => {
    const second: INestApplicationContext = await NestFactory.createApplicationContext(WorkersModule.forRoot(t.config), { logger: false });
    await second.init();
    try {
      for (const workers of [t.workers!, second]) {
        const schedules = await eventually(
          () => workers.get(QueueWorkers).schedules(),
          (found) => found.some((s) => s.id === 'retention-sweep'),
        );
        expect(schedules.filter((s) => s.id === 'retention-sweep')).toEqual([{ id: 'retention-sweep', every: RETENTION_SWEEP_EVERY_MS }]);
      }
    } finally {
      await second.close();
    }
  });

  it('an event 13 months old is anonymised with its waitlist, its board unchanged; one 11 months old untouched; twice changes nothing', async () => {
    const old = await endedEvent(13, 'viejo');
    const recent = await endedEvent(11, 'reciente');
    const boardBefore = await board(old.id);
    const recentBefore = await people(recent.id);
    const oldBefore = await people(old.id);

    // The dry run says what would change, and changes nothing.
    const dry = await t.as(admin).get('/api/privacidad/conservacion').expect(200);
    const pending = Object.fromEntries(
      (dry.body.elementos as Array<{ clave: string; pendientes: number }>).map((e) => [e.clave, e.pendientes]),
    );
    expect(pending).toMatchObject({ registros_eventos: 2, lista_espera_eventos: 1 });
    expect((await people(old.id)).map((p) => p.anonimizado_at)).toEqual([null, null]);

    // Two workers taking the job at the same moment: each record changes once, one run is recorded.
    const job = t.workers!.get(RetentionSweepJob);
    await Promise.all([job.handle(), job.handle()]);

    const after = await people(old.id);
    expect(after).toHaveLength(2);
    after.forEach((p, i) => {
      expect(p).toMatchObject({
        // One rule with an ARCO cancellation (external-events.personal-data.ts): the birth date keeps only its year.
        nombre: 'Anonimizado',
        apellido_paterno: '',
        apellido_materno: '',
        email: `anonimizado-external_registrations-${p.id}@anonimizado.invalid`,
        phone: '',
        curp: null,
        empresa: null,
        fecha_nacimiento: expect.any(Date),
        // What the board counts stays: status and the door code.
        status: oldBefore[i].status,
        codigo: oldBefore[i].codigo,
      });
      expect(p.anonimizado_at).not.toBeNull();
      expect([(p.fecha_nacimiento as Date).getMonth(), (p.fecha_nacimiento as Date).getDate()]).toEqual([0, 1]);
    });
    const [entry] = await t.query<Record<string, unknown>>(
      `SELECT nombre, email, phone, fecha_nacimiento, status, id FROM external_waitlist WHERE event_id = $1`,
      [old.id],
    );
    expect(entry).toMatchObject({ nombre: 'Anonimizado', phone: '', status: 'waiting' });
    expect([(entry.fecha_nacimiento as Date).getMonth(), (entry.fecha_nacimiento as Date).getDate()]).toEqual([0, 1]);
    expect(entry.email).toBe(`anonimizado-external_waitlist-${entry.id}@anonimizado.invalid`);
    expect(await board(old.id)).toEqual(boardBefore);
    expect(boardBefore).toMatchObject({ current: 2, max: 2, waitlist: 1, statuses: ['attended', 'registered'] });
    // 11 months: still within its period.
    expect(await people(recent.id)).toEqual(recentBefore);

    const runs = await t.query<{ origen: string; total: number; conteos: Record<string, number>; user_id: number | null }>(
      `SELECT origen, total, conteos, user_id FROM conservacion_ejecuciones`,
    );
    expect(runs).toEqual([
      expect.objectContaining({
        origen: 'programada',
        user_id: null,
        conteos: expect.objectContaining({ registros_eventos: 2, lista_espera_eventos: 1 }),
      }),
    ]);

    // A second run: nothing left; a scheduled run that changes nothing leaves no record.
    const snapshot = await people(old.id);
    await job.handle();
    expect(await people(old.id)).toEqual(snapshot);
    expect(await t.query(`SELECT id FROM conservacion_ejecuciones`)).toHaveLength(1);
    const dryAfter = await t.as(admin).get('/api/privacidad/conservacion').expect(200);
    expect(dryAfter.body.total).toBe(0);
    expect(dryAfter.body.ejecuciones).toHaveLength(1);
  });

  it('a program ended 13 months ago: its applications anonymised, the municipality and statuses kept', async () => {
    const p = await createPrograma(t, admin, { max_participantes: 5 });
    await registerForProgram(t, p.slug, applicationBody(41)).expect(201);
    await t.query(`UPDATE programas SET tipo = 'fecha_especifica', fecha_inicio = $2, fecha_fin = $3 WHERE id = $1`, [
      p.id,
      monthsAgo(14),
      monthsAgo(13),
    ]);
    const open = await createPrograma(t, admin);
    await registerForProgram(t, open.slug, applicationBody(42)).expect(201);

    const res = await t.as(admin).post('/api/privacidad/conservacion/ejecutar').expect(200);
    expect(res.body.ejecucion).toMatchObject({ origen: 'manual', conteos: expect.objectContaining({ solicitudes_programas: 1 }) });
    const rows = await t.query<Record<string, unknown>>(
      `SELECT programa_id, nombre, correo_electronico, celular, calle, numero, colonia, municipio, fecha_nacimiento, status
         FROM programa_registros WHERE programa_id = ANY($1) ORDER BY programa_id`,
      [[p.id, open.id]],
    );
    expect(rows[0]).toMatchObject({
      nombre: 'Anonimizado',
      celular: '',
      calle: '',
      numero: '',
      colonia: '',
      municipio: 'Monterrey',
      status: 'pendiente',
    });
    expect([(rows[0].fecha_nacimiento as Date).getMonth(), (rows[0].fecha_nacimiento as Date).getDate()]).toEqual([0, 1]);
    expect(rows[0].correo_electronico).toMatch(/^anonimizado-programa_registros-\d+@anonimizado\.invalid$/);
    // A continuous program still open has not ended: untouched.
    expect(rows[1]).toMatchObject({ nombre: 'María José', celular: '8120000042' });
    const [{ participantes_actuales }] = await t.query<{ participantes_actuales: number }>(
      `SELECT participantes_actuales FROM programas WHERE id = $1`,
      [p.id],
    );
    expect(participantes_actuales).toBe(1);
  });

  it('message bodies older than 90 days are purged (the row stays); import files older than 30 days deleted', async () => {
    const [oldMail, newMail] = await queueMails(t, [
      confirmacion({ id: 900001, titulo: 'Festival Viejo' }),
      confirmacion({ id: 900002, titulo: 'Festival Nuevo' }),
    ]);
    // Rendered and stored (no SMTP in tests) by the workers.
    await eventually(
      () => t.query<{ n: number }>(`SELECT count(*)::int AS n FROM correos WHERE id = ANY($1) AND status = 'stored'`, [[oldMail, newMail]]),
      (r) => r[0].n === 2,
    );
    await t.query(`UPDATE correos SET created_at = now() - interval '91 days' WHERE id = $1`, [oldMail]);
    await t.query(`UPDATE correos SET created_at = now() - interval '89 days' WHERE id = $1`, [newMail]);
    const file = Buffer.from('nombre,contacto\nANA,8112345678\n');
    for (const [id, ago] of [
      ['3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e71', 31],
      ['3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e72', 29],
    ] as const) {
      await t.query(
        `INSERT INTO persona_imports (id, status, file_name, file_size, file, created_at, finished_at) VALUES ($1, 'completed', 'personas.csv', $2, $3, $4, $4)`,
        [id, file.length, file, new Date(Date.now() - ago * DAY)],
      );
      // Each import's review rows: one still waiting for a decision, one decided.
      await t.query(
        `INSERT INTO persona_import_duplicados (import_id, fila, tipo, nombre, apellido_paterno, apellido_materno, telefono_celular, score, reasons, estado)
         VALUES ($1, 2, 'revision', 'ANA', 'GARZA', 'LOPEZ', '8112345678', 80, '["nombre casi igual: GARZA / GARSA"]', 'pendiente'),
                ($1, 3, 'omitida', 'ANA', 'GARSA', '', '8112345679', 100, '["mismo nombre y celular"]', 'creada')`,
        [id],
      );
    }

    const res = await t.as(admin).post('/api/privacidad/conservacion/ejecutar').expect(200);
    expect(res.body.ejecucion.conteos).toMatchObject({ cuerpos_correos: 1, archivos_importacion: 1, filas_importacion: 2 });
    // The old import's review rows lose the person's data (an undecided one is discarded); the recent one's stay.
    const review = await t.query<Record<string, unknown>>(
      `SELECT right(import_id::text, 1) AS import, fila, nombre, apellido_paterno, telefono_celular, reasons, estado
         FROM persona_import_duplicados ORDER BY import_id, fila`,
    );
    expect(review).toEqual([
      { import: '1', fila: 2, nombre: 'Anonimizado', apellido_paterno: '', telefono_celular: null, reasons: [], estado: 'descartada' },
      { import: '1', fila: 3, nombre: 'Anonimizado', apellido_paterno: '', telefono_celular: null, reasons: [], estado: 'creada' },
      {
        import: '2',
        fila: 2,
        nombre: 'ANA',
        apellido_paterno: 'GARZA',
        telefono_celular: '8112345678',
        reasons: ['nombre casi igual: GARZA / GARSA'],
        estado: 'pendiente',
      },
      {
        import: '2',
        fila: 3,
        nombre: 'ANA',
        apellido_paterno: 'GARSA',
        telefono_celular: '8112345679',
        reasons: ['mismo nombre y celular'],
        estado: 'creada',
      },
    ]);
    const mails = await t.query<Record<string, unknown>>(
      `SELECT id::text, to_email, to_name, subject, html, text, data, status, purgado_at FROM correos WHERE id = ANY($1) ORDER BY id`,
      [[oldMail, newMail]],
    );
    // By id, not by order: the two are queued together and their ids need not follow the list.
    const [purged, kept] = [oldMail, newMail].map((id) => mails.find((m) => m.id === String(id))!);
    expect(purged).toMatchObject({ html: null, text: null, to_name: null, status: 'stored', data: { titulo: 'Festival Viejo' } });
    expect(purged.to_email).toBeTruthy();
    expect(purged.subject).toBeTruthy();
    expect(purged.purgado_at).not.toBeNull();
    expect(kept.data).toMatchObject({ nombre: 'Rosa María', evento: { titulo: 'Festival Nuevo' } });
    expect(kept.purgado_at).toBeNull();
    // The Correos screen shows the envelope and says the content is gone; it cannot be resent.
    const detail = await t.as(admin).get(`/api/correos/${oldMail}`).expect(200);
    expect(detail.body.correo).toMatchObject({ html: '', attachments: [], ref_label: 'Festival Viejo' });
    expect(detail.body.correo.text).toMatch(/se eliminó por la conservación de datos/);

    const imports = await t.query<{ id: string; file: Buffer | null; archivo_eliminado_at: Date | null; status: string }>(
      `SELECT id, file, archivo_eliminado_at, status FROM persona_imports ORDER BY id`,
    );
    expect(imports.map((i) => [i.file === null, i.archivo_eliminado_at !== null, i.status])).toEqual([
      [true, true, 'completed'],
      [false, false, 'completed'],
    ]);
    // Run again: nothing left (a manual run is still recorded, with zero counts).
    const again = await t.as(admin).post('/api/privacidad/conservacion/ejecutar').expect(200);
    expect(again.body.ejecucion.total).toBe(0);
    expect(again.body.message).toBe('Conservación de datos ejecutada: no había nada vencido.');
  });

  it('each run is audited, with its counts in its row', async () => {
    await t.flushOutbox();
    const runs = await t.query<{ id: number; user_id: number | null }>(`SELECT id, user_id FROM conservacion_ejecuciones ORDER BY id`);
    expect(runs.length).toBeGreaterThanOrEqual(4);
    const audits = await eventually(
      () =>
        t.query<{ action: string; resource_type: string; resource_id: string; user_id: number | null }>(
          `SELECT action, resource_type, resource_id, user_id FROM audit_logs WHERE event_type = 'privacy.retention-run' ORDER BY id`,
        ),
      (rows) => rows.length === runs.length,
    );
    expect(audits.map((a) => [a.resource_type, Number(a.resource_id), a.user_id])).toEqual(
      runs.map((r) => ['conservacion_ejecucion', r.id, r.user_id]),
    );
  });

  it('who may: privacidad view reads the dry run, edit runs it; anyone else is refused', async () => {
    const viewer = await t.createUser(admin, { email: 'privacidad-ver@aforo.test', permissions: { privacidad: ['view'] } });
    const editor = await t.createUser(admin, { email: 'privacidad-editar@aforo.test', permissions: { privacidad: ['view', 'edit'] } });
    const other = await t.createUser(admin, {
      email: 'eventos@aforo.test',
      permissions: { eventos_externos: ['view', 'create', 'edit', 'delete'] },
    });
    await t.as(viewer.token).get('/api/privacidad/conservacion').expect(200);
    await t.as(viewer.token).post('/api/privacidad/conservacion/ejecutar').expect(403);
    await t.as(editor.token).post('/api/privacidad/conservacion/ejecutar').expect(200);
    await t.as(other.token).get('/api/privacidad/conservacion').expect(403);
    await t.as(other.token).post('/api/privacidad/conservacion/ejecutar').expect(403);
    await t.http().get('/api/privacidad/conservacion').expect(401);
    await t.http().post('/api/privacidad/conservacion/ejecutar').expect(401);
  });
});
