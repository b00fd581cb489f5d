/** Queue dashboard (bull-board): how long the cookie that opens it lasts. */
export const QUEUE_DASHBOARD_SESSION_SECONDS = 15 * 60;
