/**
 * Every PostgreSQL advisory lock the application takes, in one place so two uses never share an id by
 * accident. Transaction-scoped unless noted.
 */
export enum AdvisoryLock {
  /** Session lock while migrations run (several processes may start at once). */
  Migrations = 7411001,
  /** Featuring an external event: the partial unique index allows one; the lock orders concurrent toggles. */
  ExternalEventFeatured = 7411002,
  /** Choosing a free slug for an external event (with hashtext(base) as the second key). */
  ExternalEventSlug = 7411003,
  /** Featuring a program: the partial unique index allows one; the lock orders concurrent stars. */
  ProgramFeatured = 7411101,
  /** Choosing a free slug for a program (with hashtext(base) as the second key). */
  ProgramSlug = 7411102,
  /** Choosing a free slug for an internal event (with hashtext(base) as the second key). */
  InternalEventSlug = 7411012,
}
