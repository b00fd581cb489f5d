/** Numbers and keys fixed by the spec (spec 1 §2, §8, §9). One place, named after what they mean. */

/** Local storage key that keeps the session token. */
export const TOKEN_STORAGE_KEY = 'token';

/** Success and error toasts hide themselves after this long. */
export const TOAST_DURATION_MS = 5000;

/** The login screen shows a skeleton for about this long on load. */
export const LOGIN_SKELETON_MS = 500;

/** Admin screens wait this long before their permission check. */
export const PERMISSION_CHECK_DELAY_MS = 100;

/** The dashboard's recent activity shows this many audit entries. */
export const RECENT_ACTIVITY_LIMIT = 5;

/** 'Usuario creado exitosamente' is cleared after this long. */
export const USER_CREATED_MESSAGE_MS = 3000;

/** The edit-user modal closes this long after a successful save. */
export const EDIT_MODAL_CLOSE_DELAY_MS = 2000;

/** Defaults until GET /api/public/config answers. */
export const DEFAULT_MUNICIPIO = 'Monterrey';
export const DEFAULT_TIME_ZONE = 'America/Monterrey';

/** How long to wait for the server to acknowledge a room join before giving up on that try. */
export const ROOM_JOIN_TIMEOUT_MS = 5000;

/** How many push ids each live subscription remembers for de-duplication. */
export const PUSH_DEDUPE_MEMORY = 500;
