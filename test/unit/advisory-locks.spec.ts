import { PlatformLock } from '../../api/src/core/database/advisory-locks';
import { ExternalEventsLock } from '../../api/src/modules/external-events/external-events.locks';
import { InternalEventsLock } from '../../api/src/modules/internal-events/internal-events.locks';
import { ProgramsLock } from '../../api/src/modules/programs/programs.locks';

/** Each module declares its own advisory lock keys; together they must never share one (two uses would wait on each other). */
describe('advisory lock keys', () => {
  const all = [PlatformLock, ExternalEventsLock, InternalEventsLock, ProgramsLock].flatMap((e) =>
    Object.values(e).filter((v): v is number => typeof v === 'number'),
  );

  it('are unique across core and the modules, and keep their values', () => {
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual([7411001, 7411002, 7411003, 7411012, 7411101, 7411102]);
  });
});
