import { Controller, Get, Module } from '@nestjs/common';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { ACCESS_RULE } from '../../api/src/core/access/access.decorators';
import { ADMIN, TestApp, signedInApp, bearer } from '../setup/test-app';

/** A route that forgot to declare who may call it. */
@Controller('test-undeclared')
class UndeclaredController {
  @Get()
  secret() {
    return { leaked: true };
  }
}

@Module({ controllers: [UndeclaredController] })
class UndeclaredModule {}

describe('HTTP contract: access declared on every route, bad input answered in Spanish', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { extraModules: [UndeclaredModule] });

  it('every route handler declares who may call it', () => {
    const scanner = new MetadataScanner();
    const reflector = new Reflector();
    const controllers = [...t.app.get(ModulesContainer).values()].flatMap((m) => [...m.controllers.values()]);
    const missing: string[] = [];
    let routes = 0;
    for (const wrapper of controllers) {
      const instance = wrapper.instance as object;
      const proto = Object.getPrototypeOf(instance) as object;
      for (const name of scanner.getAllMethodNames(proto)) {
        const handler = (proto as Record<string, (...a: unknown[]) => unknown>)[name];
        if (Reflect.getMetadata('path', handler) === undefined) continue;
        routes++;
        if (wrapper.metatype === UndeclaredController) continue;
        if (!reflector.getAllAndOverride(ACCESS_RULE, [handler, wrapper.metatype as () => unknown]))
          missing.push(`${wrapper.name}.${name}`);
      }
    }
    expect(routes).toBeGreaterThanOrEqual(10);
    expect(missing).toEqual([]);
  });

  it('refuses a route without a declaration, even to a super admin', async () => {
    for (const headers of [{}, bearer(admin)]) {
      const res = await t.http().get('/api/test-undeclared').set(headers);
      expect(res.status).toBe(403);
      expect(res.body.leaked).toBeUndefined();
    }
  });

  it('malformed JSON is a 400 with a Spanish message and no stack', async () => {
    const res = await t.http().post('/api/login').set('Content-Type', 'application/json').send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'El cuerpo de la solicitud no es JSON válido.' });
  });

  it('an oversized body is a 413', async () => {
    const res = await t
      .http()
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(400_000) }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('El contenido enviado es demasiado grande.');
  });

  it('unknown fields are refused per field; wrong types too', async () => {
    const res = await t
      .as(admin)
      .post('/api/users')
      .send({ name: 5, email: ['x'], password: 'password-1', password_confirmation: 'password-1', role: 'admin', is_super_admin: 'yes' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Los datos enviados no son válidos.');
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'is_super_admin', 'name', 'role']);
    expect(res.body.errors.role).toEqual(['El campo role no está permitido.']);
  });

  it('unknown API routes answer JSON 404 in Spanish; nothing leaks a stack trace', async () => {
    const res = await t.http().get('/api/no-existe');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'El recurso solicitado no existe.' });
    expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|node_modules|Error:/);
  });

  it('sends security headers and no cross-origin permission', async () => {
    const res = await t.http().get('/api/health').set('Origin', 'https://evil.example');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('public endpoints need no login and carry no personal data', async () => {
    const featured = await t.http().get('/api/public/featured-event');
    expect(featured.status).toBe(200);
    expect(featured.body).toEqual({ featured_event: null });
    const config = await t.http().get('/api/public/config');
    expect(config.body).toEqual({ municipio: 'Monterrey', tz_display: 'America/Monterrey', allow_registration: true });
  });

  it('large answers travel compressed when the client accepts it; small ones and sign-in answers as they are', async () => {
    const big = await t.http().get('/api/docs/openapi.json').set('Accept-Encoding', 'gzip');
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(Object.keys(big.body.paths).length).toBeGreaterThan(10); // decompressed by the client, intact
    const plain = await t.http().get('/api/docs/openapi.json').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await t.http().get('/api/public/config').set('Accept-Encoding', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    const login = await t
      .http()
      .post('/api/login')
      .set('Accept-Encoding', 'gzip, br')
      .send({ email: ADMIN.email, password: ADMIN.password });
    expect(login.status).toBe(200);
    expect(login.headers['content-encoding']).toBeUndefined();
  });

  it('serves the OpenAPI description', async () => {
    const res = await t.http().get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/me', '/api/users', '/api/users/{id}']));
    // Numeric ids in paths are positive int4, as IdParamPipe reads them.
    const idParam = res.body.paths['/api/users/{id}'].put.parameters.find((p: { name: string }) => p.name === 'id');
    expect(idParam).toMatchObject({ in: 'path', schema: { type: 'integer', minimum: 1, maximum: 2147483647 } });
    const numberPathParams = Object.values(res.body.paths as Record<string, Record<string, { parameters?: unknown[] }>>)
      .flatMap((ops) => Object.values(ops).flatMap((op) => op.parameters ?? []))
      .filter(
        (p) =>
          (p as { in: string; schema?: { type?: string } }).in === 'path' &&
          (p as { schema?: { type?: string } }).schema?.type === 'number',
      );
    expect(numberPathParams).toEqual([]);
  });
});
