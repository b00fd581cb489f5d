/**
 * The one birth-date rule (people database, public registrations, program applications): a real calendar
 * date `YYYY-MM-DD`, not before 1900, and not after today — today as a calendar date in the display time
 * zone (America/Monterrey), so that a date is "future" by the municipality's calendar, not the server's UTC.
 * Pure: the API and the web app both run it.
 */
export const BIRTH_YEAR_MIN = 1900;

export const BIRTH_DATE_MESSAGES = {
  invalid: 'La fecha de nacimiento no es válida.',
  future: 'La fecha de nacimiento no puede ser una fecha futura.',
} as const;

/** Why a birth date is refused (null when it is fine); `today` is `YYYY-MM-DD` in the display time zone. */
export function birthDateProblem(value: string, today: string): keyof typeof BIRTH_DATE_MESSAGES | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'invalid';
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  if (!real || y < BIRTH_YEAR_MIN) return 'invalid';
  return value > today ? 'future' : null;
}
