/** The internal events' advisory locks (keys unique across the application: test/unit/advisory-locks.spec.ts). */
export enum InternalEventsLock {
  /** Choosing a free slug for an internal event (with hashtext(base) as the second key). */
  Slug = 7411012,
}
