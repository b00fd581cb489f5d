import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const ROOT = join(__dirname, '../..');
/** Where a path in the doc may start: the repository, the server's source, the web app's source. */
const BASES = ['', 'api/src', 'api/src/shared', 'api/src/core', 'api/src/modules', 'web/src', 'web/src/features'];
const EXTENSION = /\.(ts|tsx|mjs|cjs|js|json|md|css)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? (d.name === 'node_modules' || d.name === 'dist' ? [] : filesUnder(join(dir, d.name))) : [d.name],
  );
}

/** The backticked paths of docs/architecture.md (a file or a folder; no placeholders, globs or code). */
export function docPaths(text: string): string[] {
  const tokens = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1].replace(/[.,:;)]+$/, '').replace(/#.*$/, ''));
  return [...new Set(tokens)].filter(
    (t) => !/[<>{}*…|=(]|\.\.\./.test(t) && (EXTENSION.test(t) || (t.includes('/') && !t.startsWith('/'))),
  );
}

describe('docs/architecture.md', () => {
  const text = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const names = new Set([
    ...readdirSync(ROOT),
    ...['api', 'web', 'workers', 'test', 'bench'].flatMap((d) => filesUnder(d)).map((f) => basename(f)),
  ]);

  it('names only files and folders that exist', () => {
    const missing = docPaths(text).filter((path) => {
      if (!path.includes('/')) return !names.has(path);
      return !BASES.some((base) => existsSync(join(ROOT, base, path)));
    });
    expect(missing).toEqual([]);
  });
});
