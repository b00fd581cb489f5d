/** Minutes of the occupancy board's sparkline (the last hour). */
export const DOOR_SERIES_MINUTES = 60;
/** Conflicts the supervisor's list shows (newest first). */
export const DOOR_CONFLICTS_SHOWN = 200;
