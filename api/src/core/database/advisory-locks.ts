/**
 * PostgreSQL advisory locks. Core keeps the mechanism's own (below); each module declares the keys of its
 * locks beside its repository (`<area>.locks.ts`: ExternalEventsLock, ProgramsLock, InternalEventsLock), and
 * test/unit/advisory-locks.spec.ts proves no two uses share a key. Transaction-scoped unless noted.
 */
export enum PlatformLock {
  /** Held by the transaction that runs the migrations and the SQL functions' sync (several processes may start at once). */
  Migrations = 7411001,
}

/** The key of an advisory lock (a module's enum member or a PlatformLock). */
export type AdvisoryLockKey = number;
