import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { acceptedEncodings } from '../../api/src/core/http/precompressed-static';
import { TestApp } from '../setup/test-app';

/** One raw request: the bytes as sent (no client-side decompression) and the headers. */
function fetchRaw(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files of the web app are served precompressed (br > gzip > identity)', () => {
  let t: TestApp;
  let dir: string;
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"fila ${i}"`).join(',')}];\n`;
  const style = `.card{color:#1f2328;padding:1rem}\n`.repeat(80);

  beforeAll(async () => {
    // A build as web/vite.config.ts leaves it: each text asset with its .br and .gz beside it. Under a dot-folder, as
    // an install in `~/.local/…` is: every file must still be served (express's send refuses dotfiles on absolute paths).
    dir = join(mkdtempSync(join(tmpdir(), '.aforo-web-')), 'dist');
    mkdirSync(dir);
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const [name, body] of [
      ['assets/index-abc123.js', script],
      ['assets/index-abc123.css', style],
    ] as const) {
      writeFileSync(join(dir, name), body);
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(body));
    }
    writeFileSync(join(dir, 'assets/tiny-def456.js'), 'export {};\n');
    t = await TestApp.start({ workers: false, env: { WEB_DIST_DIR: dir } });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('sends brotli when accepted, with the original type, Vary and immutable caching', async () => {
    const res = await fetchRaw(t.url, '/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(script));
  });

  it('sends gzip when only gzip is accepted, and CSS keeps its type', async () => {
    const res = await fetchRaw(t.url, '/assets/index-abc123.css', { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(res.body).toString()).toBe(style);
  });

  it('sends the file as it is when nothing (or q=0) is accepted, still with Vary', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await fetchRaw(t.url, '/assets/index-abc123.js', accept ? { 'Accept-Encoding': accept } : {});
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toMatch(/immutable/);
      expect(res.body.toString()).toBe(script);
    }
  });

  it('HEAD answers the headers of the compressed file; a file with no siblings goes out plain', async () => {
    const head = await fetchRaw(t.url, '/assets/index-abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect([head.status, head.headers['content-encoding'], head.body.length]).toEqual([200, 'br', 0]);
    const tiny = await fetchRaw(t.url, '/assets/tiny-def456.js', { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
    const page = await fetchRaw(t.url, '/eventos', { 'Accept-Encoding': 'br, gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it("answers the app's pages with index.html, also from a folder under a dot-folder", async () => {
    const res = await fetchRaw(t.url, '/eventos-externos/7');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body.toString()).toContain('<div id="root">');
  });

  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0.2, gzip;q=1.0')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=0.5, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0.1, gzip;q=0')).toEqual(['br']);
    expect(acceptedEncodings('identity')).toEqual([]);
  });
});
