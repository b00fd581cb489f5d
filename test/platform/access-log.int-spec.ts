import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { LINK_INVALID, SignedLinks } from '../../api/src/core/links/signed-links';
import { LINK_PURPOSES, SIGNED_LINKS, type LinkPurpose } from '../../api/src/shared/contracts/links.contract';
import { appPerFile, eventually, type TestApp } from '../setup/test-app';

/** A built web app of one page: the link pages are served (200) as the real build serves them. */
const web = mkdtempSync(join(tmpdir(), 'aforo-web-'));
mkdirSync(join(web, 'assets'));
writeFileSync(join(web, 'index.html'), '<!DOCTYPE html><html lang="es"><body><div id="root"></div></body></html>');

/**
 * docs/decisions/seguridad.md «Tokens de enlaces fuera del registro de accesos». The access log kept `req.originalUrl`, so every cancel and accept token a citizen followed (the
 * web page, then the API call it makes) was written to the log. Each signed-link path of links.contract.ts, page and
 * API, is requested here with a real token against the running app; its access line must keep the path, not the
 * token.
 */
describe('access log: signed-link tokens never reach it', () => {
  let t: TestApp;
  const lines: string[] = [];
  appPerFile(
    (app) => {
      t = app;
    },
    { env: { LOG_LEVEL: 'info', WEB_DIST_DIR: web }, logDestination: { write: (line: string) => void lines.push(line) } },
  );

  const accessLines = () =>
    lines.map((l) => JSON.parse(l) as { msg: string; req?: { method: string; url: string } }).filter((l) => l.msg === 'request completed');

  it('a request to each signed-link page and API route logs a line with [token] in place of the token', async () => {
    const links = t.app.get(SignedLinks);
    const tokens = new Map<LinkPurpose, string>(
      LINK_PURPOSES.map((p) => [p, links.sign(p, 987654, new Date(Date.now() + 3600_000))] as [LinkPurpose, string]),
    );
    const expected: string[] = [];
    for (const purpose of LINK_PURPOSES) {
      const { page, api, methods } = SIGNED_LINKS[purpose];
      const token = tokens.get(purpose)!;
      if (page) {
        // The page the e-mail opens: the web app answers it.
        const opened = await request(t.url).get(`${page}${token}`);
        expect({ purpose, status: opened.status }).toEqual({ purpose, status: 200 });
        expect(opened.text).toContain('<div id="root">');
        // A query and other letter case (Express routes paths case-insensitively).
        await request(t.url).get(`${page}${token}?utm_source=correo`);
        await request(t.url).get(`${page.toUpperCase()}${encodeURIComponent(token)}/`);
        expected.push(`GET ${page}[token]`, `GET ${page}[token]?utm_source=correo`, `GET ${page.toUpperCase()}[token]/`);
      }
      // The API routes the page calls: they exist (the answer is the link's own refusal for a record that is not
      // there, not a missing route), and their lines are redacted too.
      for (const method of methods ?? (['get', 'post'] as const)) {
        const res = await t.http()[method](`${api}${token}`);
        expect({ purpose, method, status: res.status, message: res.body.message }).toEqual({
          purpose,
          method,
          status: 404,
          message: LINK_INVALID,
        });
        expected.push(`${method.toUpperCase()} ${api}[token]`);
      }
    }
    await eventually(accessLines, (l) => l.length >= expected.length);
    const logged = accessLines().map((l) => `${l.req!.method} ${l.req!.url}`);
    for (const line of expected) expect(logged).toContain(line);
    const everything = lines.join('\n');
    for (const [purpose, token] of tokens) {
      const signature = token.split('.').pop()!;
      expect({ purpose, leaked: everything.includes(signature) }).toEqual({ purpose, leaked: false });
    }
  });
});
