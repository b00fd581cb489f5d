import { randomUUID } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { IMPORT_MAX_ROW_ERRORS } from '../../api/src/modules/personas/personas.constants';
import { ImportsRepository } from '../../api/src/modules/personas/import/imports.repository';
import { PersonaImportJob } from '../../api/src/modules/personas/jobs/persona-import.job';
import { QueueWorkers } from '../../workers/src/queue-workers';
import { ROOMS } from '../../api/src/shared/events/socket-events';
import { createPersona } from '../factories/personas';
import { eventually, nextPush, TestApp, signedInApp } from '../setup/test-app';

type ImportAnswer = {
  import_id: string;
  status: string;
  progress: number;
  imported: number;
  skipped: number;
  total: number;
  errors: Array<{ row: number; message: string }>;
  errors_count: number;
};

describe('CSV import of people as a BullMQ job (spec 3 §2.5, §4, §5)', () => {
  let t: TestApp;
  let admin: string;

  signedInApp((s) => ({ t, admin } = s));

  const upload = (content: Buffer | string, name = 'personas.csv') =>
    t
      .as(admin)
      .post('/api/personas/import-csv')
      .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), name);

  async function importAndWait(content: Buffer | string, name?: string): Promise<ImportAnswer> {
    const res = await upload(content, name);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ import_id: expect.any(String), status: 'queued' });
    return eventually(
      async () => (await t.as(admin).get(`/api/personas/import-csv/${res.body.import_id}`)).body as ImportAnswer,
      (b) => b.status === 'completed' || b.status === 'failed',
      15000,
    );
  }

  const peopleNamed = (apellido: string) =>
    t.query<{ nombre: string; apellido_paterno: string; apellido_materno: string; telefono_celular: string }>(
      `SELECT nombre, apellido_paterno, apellido_materno, telefono_celular FROM personas WHERE apellido_paterno = $1 ORDER BY telefono_celular`,
      [apellido],
    );

  it('UTF-8 with BOM and CRLF, tolerant header with extra columns, quoted commas and newlines', async () => {
    const csv =
      '\uFEFF Nombre , Contacto ,Notas\r\nMaría José Peña García,(81) 1000-0001,"vino, y se fue"\r\n"Luis De la Garza Peña","+52 81 1000 0002","línea 1\nlínea 2"\r\n';
    const done = await importAndWait(csv);
    expect(done).toMatchObject({ status: 'completed', progress: 100, imported: 2, skipped: 0, total: 2, errors: [] });
    expect(await peopleNamed('PEÑA')).toEqual([
      { nombre: 'MARÍA JOSÉ', apellido_paterno: 'PEÑA', apellido_materno: 'GARCÍA', telefono_celular: '8110000001' },
    ]);
    expect(await peopleNamed('DE LA GARZA')).toEqual([
      { nombre: 'LUIS', apellido_paterno: 'DE LA GARZA', apellido_materno: 'PEÑA', telefono_celular: '8110000002' },
    ]);
  });

  it('ISO-8859-1 with LF: PEÑA and GARCÍA arrive intact', async () => {
    const done = await importAndWait(Buffer.from('nombre,contacto\nRoberto Ibáñez Muñoz,8110000003\n', 'latin1'));
    expect(done.imported).toBe(1);
    expect(await peopleNamed('IBÁÑEZ')).toEqual([
      { nombre: 'ROBERTO', apellido_paterno: 'IBÁÑEZ', apellido_materno: 'MUÑOZ', telefono_celular: '8110000003' },
    ]);
  });

  it('skips duplicates inside the file and against stored people; reports bad rows with their row number', async () => {
    await createPersona(t, admin, {
      nombre: 'Rocío',
      apellido_paterno: 'Salinas',
      apellido_materno: 'Leal',
      telefono_celular: '8110000010',
    });
    const csv = [
      'nombre,contacto',
      'Rocio Salinas Leal,81 1000 0010', // same person as stored (accents and format differ)
      'Pedro Cantú Garza,8110000011',
      'PEDRO CANTU GARZA,811-000-0011', // duplicate inside the file
      'Sin Teléfono,123',
      ',8110000012',
      'Otra Persona Válida,8110000013',
    ].join('\n');
    const done = await importAndWait(csv);
    expect(done).toMatchObject({ imported: 2, skipped: 2, total: 6, errors_count: 2 });
    expect(done.errors).toEqual([
      { row: 5, message: 'El contacto "123" no es un teléfono de 10 dígitos.' },
      { row: 6, message: 'El nombre está vacío.' },
    ]);
    const file = await t.as(admin).get(`/api/personas/import-csv/${done.import_id}/errors`);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Every CSV download holds personal data: never stored by a browser or a proxy.
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.text).toBe('\uFEFFFila,Motivo\r\n5,"El contacto ""123"" no es un teléfono de 10 dígitos."\r\n6,El nombre está vacío.\r\n');
    // Importing the same file again writes nobody new.
    const again = await importAndWait(csv);
    expect(again).toMatchObject({ imported: 0, skipped: 4, total: 6 });
  });

  it('the errors file holds every bad row, while the answer carries the first 1,000 and the exact count', async () => {
    const bad = Array.from({ length: 1205 }, (_, i) => `Persona Sin Teléfono ${i},${i}`);
    const done = await importAndWait(['nombre,contacto', 'Una Válida Importada,8119990001', ...bad].join('\n'));
    expect(done).toMatchObject({ status: 'completed', imported: 1, errors_count: 1205 });
    expect(done.errors).toHaveLength(IMPORT_MAX_ROW_ERRORS);
    const file = await t.as(admin).get(`/api/personas/import-csv/${done.import_id}/errors`);
    const lines = file.text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 1205);
    expect(lines.at(-1)).toBe('1207,"El contacto ""1204"" no es un teléfono de 10 dígitos."');
  });

  it('a malformed file (unclosed quote) is refused at upload wherever the fault is; a job meeting one ends as failed, not retried', async () => {
    const malformed = 'El archivo CSV no tiene un formato válido (por ejemplo, comillas sin cerrar).';
    // Far past the head of the file, after more rows than a batch: refused before anything is stored.
    const rows = Array.from({ length: 6000 }, (_, i) => `"Persona ${i}, Garza Leal",${8140000000 + i}`);
    const before = Number((await t.query<{ n: string }>('SELECT count(*) AS n FROM persona_imports'))[0].n);
    const late = await upload(['nombre,contacto', ...rows, '"Juan Pérez,8110000051'].join('\n'));
    expect([late.status, late.body.message]).toEqual([422, malformed]);
    expect(Number((await t.query<{ n: string }>('SELECT count(*) AS n FROM persona_imports'))[0].n)).toBe(before);
    // Quotes that are closed, doubled, or inside a plain field are fine.
    const fine = await importAndWait('nombre,contacto\n"Ana ""La Güera"" Cantú",8110000052\nLuis "Tito" Garza,8110000053\n');
    expect(fine).toMatchObject({ status: 'completed', imported: 2, errors_count: 0 });

    // The job keeps its own guard (a file stored by another way): it ends the import as failed, in Spanish.
    const id = randomUUID();
    const repo = t.workers!.get(ImportsRepository);
    await t.db.transaction((m) =>
      repo.create(m, { id, fileName: 'x.csv', file: Buffer.from('nombre,contacto\n"Juan,811\n'), createdBy: null }),
    );
    await t.workers!.get(PersonaImportJob).handleImport({ importId: id });
    const done = (await t.as(admin).get(`/api/personas/import-csv/${id}`)).body;
    expect([done.status, done.message]).toEqual(['failed', malformed]);
  });

  it('an import whose job fails its last attempt ends as failed with the spec message, not "in progress" forever', async () => {
    const id = randomUUID();
    const repo = t.workers!.get(ImportsRepository);
    await t.db.transaction((m) => repo.create(m, { id, fileName: 'y.csv', file: Buffer.from('nombre,contacto\n'), createdBy: null }));
    await repo.markProcessing(id);
    const workers = t.workers!.get(QueueWorkers);
    const job = (attemptsMade: number) => ({
      name: 'personas.import',
      id: 'j',
      data: { importId: id },
      attemptsMade,
      opts: { attempts: 20 },
    });
    const status = async () => (await t.as(admin).get(`/api/personas/import-csv/${id}`)).body;
    await workers.onFailed(job(3), new Error('PostgreSQL no responde'));
    expect((await status()).status).toBe('processing'); // BullMQ retries it
    const watcher = await t.socket(admin);
    await t.join(watcher, ROOMS.personas);
    const pushed = nextPush(watcher, 'import.progress', undefined, (p) => p.data.import.import_id === id);
    await workers.onFailed(job(20), new Error('PostgreSQL no responde'));
    expect(await status()).toMatchObject({ status: 'failed', message: 'Error al importar el archivo CSV' });
    expect((await pushed).data.import.status).toBe('failed');
  });

  it('a job BullMQ fails for good (stalled more often than allowed) ends its import as failed, attempts left or not', async () => {
    const id = randomUUID();
    const repo = t.workers!.get(ImportsRepository);
    await t.db.transaction((m) => repo.create(m, { id, fileName: 'z.csv', file: Buffer.from('nombre,contacto\n'), createdBy: null }));
    await repo.markProcessing(id);
    const job = { name: 'personas.import', id: 'k', data: { importId: id }, attemptsMade: 1, opts: { attempts: 20 } };
    await t.workers!.get(QueueWorkers).onFailed(job, new UnrecoverableError('job stalled more than allowable limit'));
    expect((await t.as(admin).get(`/api/personas/import-csv/${id}`)).body).toMatchObject({ status: 'failed' });
  });

  it('refuses before any job: no header, empty file, not a .csv, over 10 MB', async () => {
    const before = Number((await t.query<{ n: string }>('SELECT count(*) AS n FROM persona_imports'))[0].n);
    const unclosed = await upload('nombre,contacto\n"Juan Pérez,8110000000\n');
    expect([unclosed.status, unclosed.body.message]).toEqual([
      422,
      'El archivo CSV no tiene un formato válido (por ejemplo, comillas sin cerrar).',
    ]);
    const noHeader = await upload('Juan Pérez,8110000000\n');
    expect(noHeader.status).toBe(422);
    expect(noHeader.body.message).toBe('El archivo debe tener el encabezado nombre,contacto en la primera fila.');
    const empty = await upload('');
    expect([empty.status, empty.body.message]).toEqual([422, 'El archivo está vacío.']);
    const onlyBlank = await upload('\r\n\r\n');
    expect(onlyBlank.status).toBe(422);
    const notCsv = await upload('nombre,contacto\n', 'personas.xlsx');
    expect([notCsv.status, notCsv.body.message]).toEqual([422, 'Por favor selecciona un archivo CSV válido']);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    big.write('nombre,contacto\n');
    const tooBig = await upload(big);
    expect([tooBig.status, tooBig.body.message]).toEqual([413, 'El archivo no debe superar los 10MB']);
    const noFile = await t.as(admin).post('/api/personas/import-csv').field('x', '1');
    expect([noFile.status, noFile.body.message]).toEqual([422, 'Por favor selecciona un archivo CSV']);
    expect(Number((await t.query<{ n: string }>('SELECT count(*) AS n FROM persona_imports'))[0].n)).toBe(before);
  });

  it('pushes real progress to the personas room, ending at 100, and tells every list to refresh', async () => {
    const watcher = await t.socket(admin);
    expect(await t.join(watcher, ROOMS.personas)).toEqual({ ok: true });
    const seen: number[] = [];
    watcher.on('import.progress', (m) => seen.push(m.data.import.progress));
    const changed = nextPush(watcher, 'personas.changed');
    const rows = ['nombre,contacto', ...Array.from({ length: 20000 }, (_, i) => `Persona ${i} Apellido${i % 97} Prueba,${8130000000 + i}`)];
    const done = await importAndWait(rows.join('\n'));
    expect(done).toMatchObject({ status: 'completed', imported: 20000, total: 20000 });
    expect((await changed).data.reason).toBe('imported');
    await eventually(() => seen.includes(100), Boolean, 3000);
    expect(seen[0]).toBe(0);
    expect(seen.filter((p) => p > 0 && p < 100).length).toBeGreaterThan(0);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const recent = await t.as(admin).get('/api/personas/import-csv');
    expect(recent.body.imports[0]).toMatchObject({ import_id: done.import_id, status: 'completed' });
    expect(JSON.stringify(recent.body)).not.toMatch(/"file"/);
  }, 30000);
});
