/** People list page size. */
export const PERSONAS_PER_PAGE = 10;
/** CSV import: largest file, rows written per batch, and how often progress is pushed. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_BATCH_ROWS = 5000;
/** Connections writing an import's batches side by side (the parser feeds them). */
export const IMPORT_WRITERS = 2;
export const IMPORT_PROGRESS_PUSH_MS = 200;
/** Row errors an import's answers and pushes carry (the count is exact beyond it; the errors file has them all). */
export const IMPORT_MAX_ROW_ERRORS = 1000;
/** Possible duplicates: pairs per page, and people keyed per transaction when keys are missing. */
export const DUPLICATES_PER_PAGE = 10;
export const DUPLICATES_KEY_BATCH = 1000;
/** How often the workers key the people who have no blocking keys yet (written by another path than the screens). */
export const PERSONAS_DEDUPE_KEYS_EVERY_MS = 60_000;
