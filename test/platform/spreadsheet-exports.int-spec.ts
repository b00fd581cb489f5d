import ExcelJS from 'exceljs';
import type { Test } from 'supertest';
import { wallClockInZone } from '@core/format/display-dates';
import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { businessApplicationBody, createPrograma, registerForProgram } from '../factories/programs';
import { eventually, signedInApp, TestApp } from '../setup/test-app';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TZ = 'America/Monterrey';

const binary = (r: Test) =>
  r.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });

/** The workbook read back with exceljs: its one sheet. */
async function sheetOf(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0];
}

const headers = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1);

/** No cell anywhere is a formula (what a spreadsheet would run). */
function formulas(ws: ExcelJS.Worksheet): string[] {
  const found: string[] = [];
  ws.eachRow((row) =>
    row.eachCell((cell) => {
      if (cell.type === ExcelJS.ValueType.Formula) found.push(cell.address);
    }),
  );
  return found;
}

/**
 * Every CSV export also as Excel (issue 33 §3): the same table with typed cells — dates as dates in an es-MX format,
 * numbers as numbers —, the header row frozen, text never a formula (the CSV's guard), the CSV's permission.
 */
describe('exports in Excel (.xlsx) beside the CSV', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } });

  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());

  it("the registrations board: typed columns, frozen header, the formula guard, the CSV's file name", async () => {
    const e = await createEvent(t, admin, { title: 'Expo Excel' });
    const first = await registerForEvent(t, e.slug, registrationBody(1, { empresa: '=HYPERLINK("http://x","y")', phone: '8112345678' }));
    expect(first.status).toBe(201);
    await registerForEvent(t, e.slug, registrationBody(2, { email: '+otra@correo.mx', empresa: '@SUMA(A1)' })).expect(201);
    const registrations = (await t.as(admin).get(`/api/eventos-externos/${e.id}/registrations`)).body.registrations as Array<{
      id: number;
      created_at: string;
    }>;

    const res = await binary(t.as(admin).get(`/api/eventos-externos/${e.id}/registrations/export.xlsx`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="registros_expo-excel_${today()}.xlsx"`);
    expect(res.headers['cache-control']).toBe('no-store');

    const ws = await sheetOf(res.body as Buffer);
    expect(ws.name).toBe('Registros');
    expect(headers(ws)).toEqual([
      'Nombre',
      'Apellido Paterno',
      'Apellido Materno',
      'Fecha Nacimiento',
      'Teléfono',
      'Correo Electrónico',
      'Empresa',
      'Tipo de Participante',
      'Estado',
      'Fecha de Registro',
      'Código de Acceso',
    ]);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.rowCount).toBe(3);

    // Newest first, as on the board and in the CSV.
    const [newest, oldest] = [ws.getRow(2), ws.getRow(3)];
    const birth = oldest.getCell(4);
    expect(birth.type).toBe(ExcelJS.ValueType.Date);
    expect(birth.value).toEqual(new Date(Date.UTC(1990, 4, 17)));
    expect(birth.numFmt).toBe('dd/mm/yyyy');
    const registered = oldest.getCell(10);
    expect(registered.type).toBe(ExcelJS.ValueType.Date);
    expect(registered.numFmt).toBe('dd/mm/yyyy hh:mm');
    // The wall clock in Monterrey, as the CSV shows it (to the second: Excel keeps no milliseconds here).
    const created = new Date(registrations.find((r) => r.id === first.body.registration.id)!.created_at);
    expect(Math.abs((registered.value as Date).getTime() - wallClockInZone(created, TZ).getTime())).toBeLessThan(1000);
    // A phone stays text (never 8.11E+09, never without a leading zero).
    expect([oldest.getCell(5).type, oldest.getCell(5).value]).toEqual([ExcelJS.ValueType.String, '8112345678']);
    // The CSV's guard: text that starts like a formula gets an apostrophe, and no cell is a formula.
    expect(oldest.getCell(7).value).toBe(`'=HYPERLINK("HTTP://X","Y")`);
    expect(newest.getCell(6).value).toBe("'+OTRA@CORREO.MX");
    expect(newest.getCell(7).value).toBe("'@SUMA(A1)");
    expect(formulas(ws)).toEqual([]);
    expect(oldest.getCell(9).value).toBe('Registrado');
    expect(String(oldest.getCell(11).value)).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{8}$/);
  });

  it("a program's registrations: the same conventions; the CSV's permission (view in either area)", async () => {
    const p = await createPrograma(t, admin, { nombre: 'Excel Programa' });
    await registerForProgram(t, p.slug, businessApplicationBody(40, { calle: '=1+1', numero: '120-B' })).expect(201);
    const res = await binary(t.as(admin).get(`/api/programas-servicios/${p.id}/registrations/export.xlsx`));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="registros_excel-programa_${today()}.xlsx"`);
    const ws = await sheetOf(res.body as Buffer);
    expect(headers(ws)).toHaveLength(21);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const row = ws.getRow(2);
    expect([row.getCell(4).type, row.getCell(4).value]).toEqual([ExcelJS.ValueType.Date, new Date(Date.UTC(1988, 10, 2))]);
    expect(row.getCell(7).value).toBe("'=1+1");
    expect(row.getCell(8).value).toBe('120-B');
    expect(row.getCell(19).value).toBe('Pendiente');
    expect(row.getCell(21).type).toBe(ExcelJS.ValueType.Date);
    expect(formulas(ws)).toEqual([]);

    const events = await t.createUser(admin, { email: 'solo-eventos-xlsx@aforo.test', permissions: { eventos_externos: ['view'] } });
    expect((await t.as(events.token).get(`/api/programas-servicios/${p.id}/registrations/export.xlsx`)).status).toBe(200);
  });

  it('the rows an import of people refused: the row number a number, the reason text', async () => {
    const upload = await t
      .as(admin)
      .post('/api/personas/import-csv')
      .attach('file', Buffer.from('nombre,contacto\nUna Válida Excel,8119990101\n=Mala Fila,123\n', 'utf8'), 'personas.csv');
    expect(upload.status).toBe(202);
    const id = upload.body.import_id as string;
    await eventually(
      async () => (await t.as(admin).get(`/api/personas/import-csv/${id}`)).body.status as string,
      (s) => s === 'completed' || s === 'failed',
      15000,
    );
    const res = await binary(t.as(admin).get(`/api/personas/import-csv/${id}/errors.xlsx`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="errores_importacion_${id.slice(0, 8)}.xlsx"`);
    const ws = await sheetOf(res.body as Buffer);
    expect(headers(ws)).toEqual(['Fila', 'Motivo']);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect([ws.getCell('A2').type, ws.getCell('A2').value]).toEqual([ExcelJS.ValueType.Number, 3]);
    expect(ws.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect(formulas(ws)).toEqual([]);
    expect((await t.as(admin).get(`/api/personas/import-csv/00000000-0000-4000-8000-000000000000/errors.xlsx`)).status).toBe(404);
  });

  it('the CSV exports keep their permissions in Excel: 401 without a session, 403 without the permission', async () => {
    const e = await createEvent(t, admin);
    const p = await createPrograma(t, admin);
    const importId = '00000000-0000-4000-8000-000000000000';
    const paths = [
      `/api/eventos-externos/${e.id}/registrations/export.xlsx`,
      `/api/programas-servicios/${p.id}/registrations/export.xlsx`,
      `/api/personas/import-csv/${importId}/errors.xlsx`,
    ];
    const nobody = await t.createUser(admin, { email: 'sin-permisos-xlsx@aforo.test', permissions: {} });
    // Reading people is not enough for the refused rows' file: it is for those who may import (view, create, edit).
    const reader = await t.createUser(admin, { email: 'lector-personas-xlsx@aforo.test', permissions: { personas: ['view'] } });
    for (const path of paths) {
      expect([path, (await t.http().get(path)).status]).toEqual([path, 401]);
      expect([path, (await t.as(nobody.token).get(path)).status]).toEqual([path, 403]);
    }
    expect((await t.as(reader.token).get(paths[2])).status).toBe(403);
    expect((await t.as(admin).get(`/api/eventos-externos/999999/registrations/export.xlsx`)).status).toBe(404);
  });

  it('is in the OpenAPI document: each Excel route with a summary, the bearer security and the xlsx type', async () => {
    const doc = (await t.http().get('/api/docs/openapi.json')).body as {
      paths: Record<string, { get: { summary?: string; security?: unknown[]; responses: Record<string, { content?: object }> } }>;
    };
    for (const path of [
      '/api/eventos-externos/{id}/registrations/export.xlsx',
      '/api/programas-servicios/{id}/registrations/export.xlsx',
      '/api/personas/import-csv/{importId}/errors.xlsx',
    ]) {
      const op = doc.paths[path].get;
      expect(op.summary).toMatch(/\(Excel\)$/);
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(op.responses['200'].content ?? {})).toEqual([XLSX]);
    }
  });
});
