/** Retention's advisory locks (keys unique across the application: test/unit/advisory-locks.spec.ts). */
export enum RetentionLock {
  /** One retention run at a time in the cluster (the schedule, a second workers process, staff's button). */
  Run = 7411290,
}
