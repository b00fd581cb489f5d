import { EventEmitter } from 'node:events';
import pino from 'pino';
import { accessLogMiddleware, PinoNestLogger, redactSignedLinks } from '../../api/src/core/logging/logging';
import { SIGNED_LINK_PATHS } from '../../api/src/shared/contracts/links.contract';

function capture(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

function fakeExchange(statusCode: number, url = '/api/eventos/feria/register') {
  const res = Object.assign(new EventEmitter(), { statusCode });
  const req = { method: 'POST', originalUrl: url, ip: '10.0.0.7', headers: { authorization: 'Bearer secreto', cookie: 'sid=1' } };
  return { req, res };
}

describe('API logs', () => {
  it('one access line per finished request: method, path, status, time, address — never headers', () => {
    const { logger, lines } = capture();
    const { req, res } = fakeExchange(201);
    const next = jest.fn();
    accessLogMiddleware(logger)(req as never, res as never, next);
    expect(next).toHaveBeenCalled();
    res.emit('finish');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'POST', url: '/api/eventos/feria/register', remoteAddress: '10.0.0.7' },
      res: { statusCode: 201 },
    });
    expect(JSON.stringify(lines[0])).not.toMatch(/secreto|sid=1|authorization|cookie/i);
  });

  it('above info only server errors are logged; health probes never', () => {
    const { logger, lines } = capture('warn');
    const middleware = accessLogMiddleware(logger);
    for (const [status, url] of [
      [201, '/api/x'],
      [409, '/api/x'],
      [500, '/api/x'],
      [500, '/api/health'],
    ] as const) {
      const { req, res } = fakeExchange(status, url);
      middleware(req as never, res as never, () => undefined);
      res.emit('finish');
    }
    expect(lines.map((l) => [l.level, (l.res as { statusCode: number }).statusCode])).toEqual([[50, 500]]);
  });

  it("Nest's messages keep their context, and errors their stack", () => {
    const { logger, lines } = capture();
    const nest = new PinoNestLogger(logger);
    nest.log('Aplicación lista', 'NestApplication');
    nest.error('Falló', 'Error: Falló\n    at x', 'OutboxRelay');
    nest.debug('no se escribe', 'X');
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'Aplicación lista', context: 'NestApplication' }),
      expect.objectContaining({ level: 50, msg: 'Falló', context: 'OutboxRelay', stack: 'Error: Falló\n    at x' }),
    ]);
  });

  it('signed-link tokens are redacted from every listed path (pages and API), whatever follows; other paths are left alone', () => {
    expect(SIGNED_LINK_PATHS).toEqual(
      expect.arrayContaining(['/registro/cancelar/', '/api/registros/cancelar/', '/lista-espera/programa/aceptar/']),
    );
    const token = 'k3Y1d2X9.42.1800000000.' + 'A'.repeat(43);
    for (const path of SIGNED_LINK_PATHS) {
      expect(redactSignedLinks(`${path}${token}`)).toBe(`${path}[token]`);
      expect(redactSignedLinks(`${path}${token}/?a=1#x`)).toBe(`${path}[token]/?a=1#x`);
      expect(redactSignedLinks(`${path.toUpperCase()}${token}`)).toBe(`${path.toUpperCase()}[token]`);
    }
    for (const other of ['/api/eventos/feria/register', '/registro/cancelar', '/api/correos/12', '/lista-espera']) {
      expect(redactSignedLinks(other)).toBe(other);
    }
  });
});
