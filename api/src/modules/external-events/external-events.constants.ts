/** External events created without a capacity get this many places (spec 1 §3, §9). */
export const EXTERNAL_EVENT_DEFAULT_CAPACITY = 50;
/**
 * Public registrations decided together in one statement, at most, and such statements per event at once (group
 * commit). Two: the next batch is already in the database, waiting for the event row, when one commits; a third only
 * split the same registrations into more, smaller statements (docs/decisions/eventos-externos.md, «Registro en lotes»).
 */
export const REGISTRATION_BATCH_MAX = 256;
export const REGISTRATION_BATCHES_IN_FLIGHT = 2;
/** The public calendar (.ics) lists events that started up to this many days ago, and everything after. */
export const CALENDAR_PAST_DAYS = 90;
/** How often a subscribed calendar app should fetch the feed again (REFRESH-INTERVAL), and how long a cache may keep it. */
export const CALENDAR_REFRESH_MINUTES = 60;
export const CALENDAR_MAX_AGE_SECONDS = 300;
