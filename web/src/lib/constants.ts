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

/** After the last public room is left (anonymous visitor), keep the socket this long before closing it. */
export const ANONYMOUS_SOCKET_GRACE_MS = 2000;

/** External events (spec 1 §5, §9). */
export const EVENT_DEFAULT_CAPACITY = 50;
export const EVENT_MIN_CAPACITY = 1;
/** 'Aforo máximo del recinto', both kinds of event: 1 to this (the server's DTOs and CHECKs). */
export const AFORO_MAXIMO_MAX = 1_000_000;
/** Edit datetime values are cut to the 16 characters of a date-time input ('YYYY-MM-DDTHH:mm'). */
export const DATETIME_INPUT_LENGTH = 16;

/** Event images: at most 5 MB, JPG/JPEG/PNG/GIF/SVG. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/svg+xml'] as const;
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'svg'] as const;

/** Admin attendance bar (current / max, rounded, capped at 100): green below 50, blue, yellow, red from these. */
export const ATTENDANCE_BAR_BLUE_FROM = 50;
export const ATTENDANCE_BAR_YELLOW_FROM = 70;
export const ATTENDANCE_BAR_RED_FROM = 90;

/** Public landing places bar: green below 50, blue from 50, yellow from 80, red at 100. */
export const PLACES_BAR_BLUE_FROM = 50;
export const PLACES_BAR_YELLOW_FROM = 80;
export const PLACES_BAR_RED_AT = 100;
/** 'Últimos lugares' from this percentage up to below 100. */
export const LAST_PLACES_FROM_PERCENT = 80;

/** The landing shows this many placeholder cards while loading. */
export const LANDING_SKELETON_CARDS = 6;

/** Public registration: the phone is exactly this many digits. */
export const PHONE_DIGITS = 10;

/** People database (spec 3 §2.1, §5, §9). */
/** The search box waits this long after the last keystroke before asking the server. */
export const PERSONAS_SEARCH_DEBOUNCE_MS = 500;
/** Live changes (personas.changed) arriving within this window cause one refetch of the page and stats. */
export const PERSONAS_LIVE_REFRESH_MS = 300;
/** Phones (oficina, celular) and the extension: digits only, at most this many. */
export const PERSONA_PHONE_MAX_DIGITS = 10;
export { BIRTH_YEAR_MIN } from '@shared/rules/birth-date';
/** CSV import: at most 10 MB, `.csv` names only. */
export const IMPORT_CSV_MAX_BYTES = 10 * 1024 * 1024;
/** The import result lists this many row errors; the rest are in the downloadable file. */
export const IMPORT_ERRORS_PREVIEW = 5;

/** Internal events (spec 2 §9). */
/** Attendee table page size and the pagination's window of page numbers. */
export const ATTENDEES_PER_PAGE = 10;
export const PAGE_WINDOW = 5;
/** Assign-persons modal page size (the server pages by the same number). */
export const ASSIGN_PERSONAS_PER_PAGE = 50;
/** Cards show the first this-many characters of the description. */
export const DESCRIPTION_PREVIEW_CHARS = 100;
/** Skeleton cards while the list loads. */
export const INTERNAL_EVENTS_SKELETON_CARDS = 6;
/** After saving the edit page (or changing the space) the app goes to the detail after this long. */
export const EDIT_REDIRECT_MS = 1500;
/** The assign-persons search waits this long after the last keystroke. */
export const ASSIGN_SEARCH_DEBOUNCE_MS = 300;
/** Programs and services (spec 3 §5, §6, §9). */
/** A program's capacity is at least this (blank means no limit). */
export const PROGRAM_MIN_CAPACITY = 1;
/** Without the view permission the programs screen says so and goes to /dashboard after this long. */
export const PROGRAMS_DENIED_REDIRECT_MS = 1500;

/** An answer started before its page loaded (lib/early.ts) and not taken within this time is dropped. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;
