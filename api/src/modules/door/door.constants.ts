/** Minutes of the occupancy board's sparkline (the last hour). */
export const DOOR_SERIES_MINUTES = 60;
/** Conflicts the supervisor's list shows (newest first). */
export const DOOR_CONFLICTS_SHOWN = 200;
/** How often the workers look for doors to empty at night (DOOR_EMPTY_AT): a door is emptied within this of the cut. */
export const DOOR_EMPTY_SWEEP_EVERY_MS = 15 * 60_000;
/** Scans of an offline batch applied per transaction: the people's rows are held to its commit, the counter only at its end. */
export const DOOR_BATCH_CHUNK = 100;
