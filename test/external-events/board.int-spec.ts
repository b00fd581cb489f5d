import { createEvent, registrationBody, registerForEvent } from '../factories/external-events';
import { TestApp, signedInApp } from '../setup/test-app';

describe('registrations board and CSV export (spec 1 §2.7, §9)', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } });

  async function register(slug: string, i: number, overrides: Record<string, unknown> = {}) {
    const res = await registerForEvent(t, slug, registrationBody(i, overrides));
    expect(res.status).toBe(201);
    return res.body.registration.id as number;
  }

  it('lists the event and its registrations, newest first', async () => {
    const e = await createEvent(t, admin);
    const first = await register(e.slug, 1);
    const second = await register(e.slug, 2);
    const res = await t.as(admin).get(`/api/eventos-externos/${e.id}/registrations`);
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ id: e.id, current_attendees: 2 });
    expect(res.body.registrations.map((r: { id: number }) => r.id)).toEqual([second, first]);
    expect(Object.keys(res.body.registrations[0]).sort()).toEqual(
      [
        'apellido_materno',
        'apellido_paterno',
        'codigo',
        'created_at',
        'curp',
        'email',
        'empresa',
        'fecha_nacimiento',
        'id',
        'nombre',
        'phone',
        'status',
        'tipo_participante',
        'updated_at',
      ].sort(),
    );
  });

  it('confirms (registered → attended) and unconfirms (attended → registered), refusing other transitions', async () => {
    const e = await createEvent(t, admin);
    const id = await register(e.slug, 3);
    const base = `/api/eventos-externos/${e.id}/registrations/${id}`;
    expect((await t.as(admin).put(`${base}/unconfirm`)).status).toBe(409);
    const confirmed = await t.as(admin).put(`${base}/confirm`);
    expect(confirmed.body.registration.status).toBe('attended');
    expect((await t.as(admin).put(`${base}/confirm`)).status).toBe(409);
    expect((await t.as(admin).put(`${base}/unconfirm`)).body.registration.status).toBe('registered');
    // A registration id of another event is not found through this event.
    const other = await createEvent(t, admin);
    expect((await t.as(admin).put(`/api/eventos-externos/${other.id}/registrations/${id}/confirm`)).status).toBe(404);
  });

  it('delete lowers current_attendees and needs the delete permission', async () => {
    const e = await createEvent(t, admin);
    const id = await register(e.slug, 4);
    await register(e.slug, 5);
    const editor = await t.createUser(admin, { email: 'editor-board@aforo.test', permissions: { eventos_externos: ['view', 'edit'] } });
    expect((await t.as(editor.token).delete(`/api/eventos-externos/${e.id}/registrations/${id}`)).status).toBe(403);
    const res = await t.as(admin).delete(`/api/eventos-externos/${e.id}/registrations/${id}`);
    expect(res.body.message).toBe('Registro eliminado exitosamente');
    const [row] = await t.query<{ current_attendees: number }>('SELECT current_attendees FROM external_events WHERE id = $1', [e.id]);
    expect(row.current_attendees).toBe(1);
    // The freed place can be taken again by the same e-mail.
    await register(e.slug, 6, { email: registrationBody(4).email });
  });

  it('exports the exact CSV of §9: BOM, CRLF, quoting, Spanish columns and states, formulas neutralized', async () => {
    const e = await createEvent(t, admin, { title: 'Expo Pyme' });
    const id = await register(e.slug, 7, {
      nombre: 'Ana',
      apellido_paterno: 'De la O',
      apellido_materno: 'Peña',
      empresa: '=HYPERLINK("http://x","y")',
      phone: '8112345678',
      email: 'ana@correo.mx',
    });
    await register(e.slug, 8, {
      nombre: 'Luis',
      apellido_paterno: 'Garza',
      apellido_materno: 'Leal',
      empresa: 'Aceros, S.A. de C.V.',
      phone: '8187654321',
      email: '+luis@correo.mx',
      tipo_participante: 'Estudiante',
    });
    await t.as(admin).put(`/api/eventos-externos/${e.id}/registrations/${id}/confirm`).expect(200);
    const res = await t
      .as(admin)
      .get(`/api/eventos-externos/${e.id}/registrations/export`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Monterrey' }).format(new Date());
    expect(res.headers['content-disposition']).toBe(`attachment; filename="registros_expo-pyme_${today}.csv"`);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Nombre,Apellido Paterno,Apellido Materno,Fecha Nacimiento,Teléfono,Correo Electrónico,Empresa,Tipo de Participante,Estado,Fecha de Registro,Código de Acceso',
    );
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(lines[1]).toMatch(
      /^LUIS,GARZA,LEAL,17\/05\/1990,8187654321,'\+LUIS@CORREO\.MX,"ACEROS, S\.A\. DE C\.V\.",Estudiante,Registrado,"\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [ap]\. m\.",[ACDEFGHJKMNPQRTUVWXY34679]{8}$/,
    );
    expect(lines[2]).toMatch(
      /^ANA,DE LA O,PEÑA,17\/05\/1990,8112345678,ANA@CORREO\.MX,"'=HYPERLINK\(""HTTP:\/\/X"",""Y""\)",Empresario,Asistió,/,
    );
    expect(lines[3]).toBe('');
    expect((await t.http().get(`/api/eventos-externos/${e.id}/registrations/export`)).status).toBe(401);
  });
});
