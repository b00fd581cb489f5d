/** The programs' advisory locks (keys unique across the application: test/unit/advisory-locks.spec.ts). */
export enum ProgramsLock {
  /** Featuring a program: the partial unique index allows one; the lock orders concurrent stars. */
  Featured = 7411101,
  /** Choosing a free slug for a program (with hashtext(base) as the second key). */
  Slug = 7411102,
}
