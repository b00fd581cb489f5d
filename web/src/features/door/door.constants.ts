/** The door screen's numbers, kept in the feature so the door's web side stays in one folder. */

/** An online scan that has no answer after this long is answered from the local list and queued (same scan_id). */
export const DOOR_ONLINE_SCAN_TIMEOUT_MS = 5000;

/** After a failed sync (network), try again this long later while there is something to send. */
export const DOOR_SYNC_RETRY_MS = 10_000;

/** While online, the local list is downloaded again at most this often (after occupancy pushes): fresh for going offline. */
export const DOOR_LIST_REFRESH_MS = 60_000;

/** The camera reads this often; the same code seen again within the pause is not a new scan (a QR held in front). */
export const DOOR_CAMERA_READ_MS = 250;
export const DOOR_CAMERA_REPEAT_PAUSE_MS = 3000;

/** Scans listed under «Últimos escaneos». */
export const DOOR_HISTORY_SIZE = 12;

/** localStorage keys: the gate this device stands at, and the last door opened (the installed app starts there). */
export const DOOR_GATE_STORAGE_KEY = 'aforo.puerta.gate';
export const DOOR_LAST_STORAGE_KEY = 'aforo.puerta.ultima';
