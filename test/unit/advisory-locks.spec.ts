import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PlatformLock } from '../../api/src/core/database/advisory-locks';

const MODULES = join(__dirname, '../../api/src/modules');

/** Every module's lock enums, found on disk (`modules/<area>/<area>.locks.ts`): a new area's locks need no listing here. */
function moduleLocks(): Array<Record<string, string | number>> {
  return (
    readdirSync(MODULES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(join(MODULES, d.name))
          .filter((f) => f.endsWith('.locks.ts'))
          .map((f) => join(MODULES, d.name, f)),
      )
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the files are found at run time
      .flatMap((file) => Object.values(require(file) as Record<string, Record<string, string | number>>))
  );
}

/** Each module declares its own advisory lock keys; together they must never share one (two uses would wait on each other). */
describe('advisory lock keys', () => {
  const enums = [PlatformLock, ...moduleLocks()];
  const all = enums.flatMap((e) => Object.values(e).filter((v): v is number => typeof v === 'number'));

  it('are unique across core and the modules, and keep their values', () => {
    expect(enums.length).toBeGreaterThanOrEqual(4);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining([7411001, 7411002, 7411003, 7411012, 7411101, 7411102]));
  });
});
