/** External events created without a capacity get this many places (spec 1 §3, §9). */
export const EXTERNAL_EVENT_DEFAULT_CAPACITY = 50;
/** Public registrations decided together in one statement, at most, and such statements per event at once (group commit). */
export const REGISTRATION_BATCH_MAX = 256;
export const REGISTRATION_BATCHES_IN_FLIGHT = 3;
