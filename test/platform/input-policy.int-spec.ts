import { gzipSync } from 'node:zlib';
import { createEvent, eventBody, postEvent } from '../factories/external-events';
import { TestApp, signedInApp } from '../setup/test-app';

/** Bad input is a Spanish 4xx (never a 500), ids are canonical, types are strict. */
describe('Input policy: no 500 for bad input, canonical ids, strict types', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { workers: false });

  function expectSpanish4xx(res: { status: number; body: { message?: unknown }; text: string }) {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.message).toBe('string');
    expect(res.text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  }

  describe('1. bodies and queries that used to be 500', () => {
    it('a body labelled gzip that is not gzip is a 400 in Spanish', async () => {
      const res = await t
        .as(admin)
        .post('/api/eventos-externos')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send(JSON.stringify(eventBody()));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('El cuerpo de la solicitud no se pudo descomprimir.');
    });

    it('an unsupported encoding is a 415 in Spanish; real gzip still works', async () => {
      const res = await t.http().post('/api/login').set('Content-Type', 'application/json').set('Content-Encoding', 'br-nope').send('{}');
      expect(res.status).toBe(415);
      expect(res.body.message).toBe('La codificación del cuerpo no es compatible.');
      // (supertest re-serializes a Buffer sent as JSON, so the real gzip goes through fetch.)
      const ok = await fetch(`${t.url}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        body: gzipSync(JSON.stringify({ email: 'admin@aforo.test', password: 'admin-password-1' })),
      });
      expect(ok.status).toBe(200);
    });

    it('JSON nested thousands of levels deep is refused before validation walks it', async () => {
      const deep = `{"title":${'['.repeat(5000)}${']'.repeat(5000)}}`;
      for (const [path, body] of [
        ['/api/eventos-externos', deep],
        ['/api/login', `${'['.repeat(20000)}${']'.repeat(20000)}`],
      ] as const) {
        const res = await t.as(admin).post(path).set('Content-Type', 'application/json').send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('El cuerpo de la solicitud tiene demasiados niveles de anidación.');
      }
    });

    it('a NUL character in a text field or a query is a 422 naming the field', async () => {
      const res = await postEvent(t, admin, { title: 'Feria\u0000' });
      expect(res.status).toBe(422);
      expect(res.body.errors.title).toEqual(['El campo title contiene caracteres no permitidos.']);

      const q = await t.as(admin).get('/api/personas?search=%00');
      expect(q.status).toBe(422);
      expect(q.body.errors.search).toEqual(['El campo search contiene caracteres no permitidos.']);

      const nested = await postEvent(t, admin, { agenda: ['ok', 'mal\u0000'] });
      expect(nested.status).toBe(422);
      expect(nested.body.errors['agenda.1']).toEqual(['El campo agenda.1 contiene caracteres no permitidos.']);
    });

    it('an unpaired UTF-16 surrogate is a 422 naming the field (also as a raw JSON escape)', async () => {
      const res = await t
        .http()
        .post('/api/login')
        .set('Content-Type', 'application/json')
        .send('{"email":"a\\ud800@b.mx","password":"x"}');
      expect(res.status).toBe(422);
      expect(res.body.errors.email).toEqual(['El campo email contiene caracteres no permitidos.']);
      const title = await t
        .as(admin)
        .post('/api/eventos-externos')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(eventBody()).replace('"Feria', '"\\udc00Feria'));
      expect(title.status).toBe(422);
      expect(Object.keys(title.body.errors)).toEqual(['title']);
      // A well-formed pair (an emoji) is fine.
      const ok = await postEvent(t, admin, { title: 'Feria 🎉' });
      expect(ok.status).toBe(201);
    });

    it('null for an enum field is a 422', async () => {
      const res = await postEvent(t, admin, { status: null });
      expect(res.status).toBe(422);
      expect(res.body.errors.status).toBeDefined();
    });
  });

  describe('2. canonical path ids', () => {
    it.each(['0x1A', '%201', '1e3', '01', '-1', 'abc', '12345678901234567890', '2147483648', '0', '1.0', '+1', '..%2F1'])(
      'DELETE /api/users/%s is a 422 and deletes nothing',
      async (raw) => {
        const before = await t.query<{ n: string }>('SELECT count(*)::text AS n FROM users');
        const res = await t.as(admin).delete(`/api/users/${raw}`);
        expect(res.status).toBe(422);
        expect(res.body.errors.id).toEqual(['El identificador debe ser un número entero positivo.']);
        expect(await t.query('SELECT count(*)::text AS n FROM users')).toEqual(before);
      },
    );

    it('a canonical id still works', async () => {
      const event = await createEvent(t, admin, { status: 'draft' });
      const res = await t.as(admin).get(`/api/eventos-externos/${event.id}/registrations`);
      expect(res.status).toBe(200);
      const hex = await t.as(admin).get(`/api/eventos-externos/0x${event.id.toString(16)}/registrations`);
      expect(hex.status).toBe(422);
    });
  });

  describe('3. unknown and mistyped fields are refused per field', () => {
    it('a boolean capacity is not read as 1', async () => {
      const res = await postEvent(t, admin, { max_attendees: true });
      expect(res.status).toBe(422);
      expect(res.body.errors.max_attendees).toBeDefined();
    });

    it.each([
      ['[3]', [3]],
      ['"3"', '3'],
      ['{}', {}],
    ])('a capacity of %s is refused', async (_label, value) => {
      const res = await postEvent(t, admin, { max_attendees: value });
      expect(res.status).toBe(422);
      expect(res.body.errors.max_attendees).toBeDefined();
    });

    it('__proto__, constructor and prototype keys are refused, at any depth', async () => {
      for (const [raw, field] of [
        ['{"__proto__":{"is_super_admin":true},"email":"a@b.mx","password":"x"}', '__proto__'],
        ['{"constructor":{"prototype":{}},"email":"a@b.mx","password":"x"}', 'constructor'],
        ['{"email":"a@b.mx","password":"x","remember":{"prototype":1}}', 'remember.prototype'],
      ]) {
        const res = await t.http().post('/api/login').set('Content-Type', 'application/json').send(raw);
        expect(res.status).toBe(422);
        expect(res.body.errors[field]).toEqual([`El campo ${field} no está permitido.`]);
      }
      const q = await t.as(admin).get('/api/personas?__proto__=1');
      expect(q.status).toBe(422);
      expect(q.body.errors.__proto__).toEqual(['El campo __proto__ no está permitido.']);
    });

    it('a list longer than its field allows is refused with that limit alone, before each element is read', async () => {
      // 60,000 sections in about 180 KB (under the 256 KB body limit): read element by element, this answered one
      // error per element (3.6 MB) after 0.6 s of CPU.
      const secciones = Array.from({ length: 60_000 }, () => ({}));
      const res = await t.as(admin).post('/api/espacios').send({ nombre: 'Sala', secciones });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ secciones: ['Un espacio no puede tener más de 50 secciones.'] });
      // At the limit the elements are read as before: each bad section names its own fields.
      const atLimit = await t
        .as(admin)
        .post('/api/espacios')
        .send({ nombre: 'Sala', secciones: Array.from({ length: 50 }, () => ({})) });
      expect(atLimit.status).toBe(422);
      expect(Object.keys(atLimit.body.errors).some((k) => k.startsWith('secciones.'))).toBe(true);
      expect(atLimit.body.errors.secciones).toBeUndefined();
    });

    it('unknown query parameters are refused like unknown body fields', async () => {
      const res = await t.as(admin).get('/api/personas?color=rojo');
      expect(res.status).toBe(422);
      expect(res.body.errors.color).toEqual(['El campo color no está permitido.']);
    });

    it('numeric query parameters accept canonical digits only', async () => {
      expect((await t.as(admin).get('/api/personas?page=2')).status).toBe(200);
      for (const page of ['0x2', '1e1', ' 2', 'true', '2.5']) {
        const res = await t.as(admin).get(`/api/personas?page=${encodeURIComponent(page)}`);
        expect(res.status).toBe(422);
        expect(res.body.errors.page).toBeDefined();
      }
    });
  });

  it('every refusal above is JSON with a Spanish message and no stack', async () => {
    const res = await postEvent(t, admin, { title: '\u0000' });
    expectSpanish4xx(res);
  });
});
