/** The external events' advisory locks (keys unique across the application: test/unit/advisory-locks.spec.ts). */
export enum ExternalEventsLock {
  /** Featuring an external event: the partial unique index allows one; the lock orders concurrent toggles. */
  Featured = 7411002,
  /** Choosing a free slug for an external event (with hashtext(base) as the second key). */
  Slug = 7411003,
}
