/**
 * Reminders, server side: each area that reminds (external and internal events) queues them from
 * its own scheduled job and SQL; these are the numbers and the idempotency key's last part they share.
 */
/** The day before: a reminder goes once the event starts within this time… */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** …checked this often by a scheduled job of each area (one schedule per cluster). */
export const REMINDERS_EVERY_MS = 15 * 60 * 1000;

/**
 * The start a reminder was for, as the last part of its idempotency key (SQL over the event's start column, UTC,
 * to the minute: `20261213T0100Z`). Once per person AND start: an event moved after its reminder went out gets a
 * new one with the new date and time; one that keeps its start never gets two.
 */
export const reminderStartKeySql = (startColumn: string) => `to_char(${startColumn} AT TIME ZONE 'UTC', 'YYYYMMDD"T"HH24MI"Z"')`;
