/**
 * Business-day arithmetic for legal terms (the ARCO answer term, LGPDPPSO art. 51): pure, on calendar dates
 * written `YYYY-MM-DD` (the day in the municipality's time zone is chosen by the caller), so no time zone or
 * daylight-saving change can move a day. Weekends are never business days; holidays are a given set.
 */

/** A calendar date `YYYY-MM-DD`. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

function toUtc(date: IsoDate): Date {
  const m = ISO_DATE.exec(date);
  if (!m || !isIsoDate(date)) throw new RangeError(`Fecha no válida: ${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

function fromUtc(d: Date): IsoDate {
  return d.toISOString().slice(0, 10);
}

export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

/** 0 Sunday … 6 Saturday. */
export function weekday(date: IsoDate): number {
  return toUtc(date).getUTCDay();
}

export function isBusinessDay(date: IsoDate, holidays: ReadonlySet<IsoDate>): boolean {
  const w = weekday(date);
  return w !== 0 && w !== 6 && !holidays.has(date);
}

/**
 * The n-th business day AFTER `from` (n ≥ 0; n = 0 is `from` itself). A term "de N días contados a partir del
 * día siguiente a la recepción" ends on `addBusinessDays(receipt, N)`: the day of receipt never counts, and
 * a receipt on a weekend or holiday starts counting on the next business day all the same.
 */
export function addBusinessDays(from: IsoDate, n: number, holidays: ReadonlySet<IsoDate>): IsoDate {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Días hábiles no válidos: ${n}`);
  let date = from;
  for (let left = n; left > 0;) {
    date = addCalendarDays(date, 1);
    if (isBusinessDay(date, holidays)) left--;
  }
  return date;
}

/** Business days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function businessDaysBetween(from: IsoDate, to: IsoDate, holidays: ReadonlySet<IsoDate>): number {
  let count = 0;
  for (let date = addCalendarDays(from, 1); date <= to; date = addCalendarDays(date, 1)) {
    if (isBusinessDay(date, holidays)) count++;
  }
  return count;
}

/** The n-th given weekday (0 Sunday … 6 Saturday) of a month (1–12). */
function nthWeekday(year: number, month: number, day: number, n: number): IsoDate {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const offset = (day - first.getUTCDay() + 7) % 7;
  return fromUtc(new Date(Date.UTC(year, month - 1, 1 + offset + 7 * (n - 1))));
}

/**
 * The mandatory rest days of Ley Federal del Trabajo art. 74 in one year: 1 January; the first Monday of
 * February (Constitution); the third Monday of March (Juárez); 1 May; 16 September; the third Monday of November
 * (Revolution); 1 October every six years from 2024 (transmission of the Federal Executive: 2030, 2036…); 25
 * December. Election days (fraction IX) are not fixed dates: add them to PRIVACY_HOLIDAYS.
 */
export function lftHolidays(year: number): IsoDate[] {
  const y = String(year).padStart(4, '0');
  const list = [
    `${y}-01-01`,
    nthWeekday(year, 2, 1, 1),
    nthWeekday(year, 3, 1, 3),
    `${y}-05-01`,
    `${y}-09-16`,
    nthWeekday(year, 11, 1, 3),
    `${y}-12-25`,
  ];
  if (year >= 2024 && (year - 2024) % 6 === 0) list.push(`${y}-10-01`);
  return list.sort();
}

/** LFT art. 74's rest days of every year from `fromYear` to `toYear`, as a set. */
export function lftHolidaySet(fromYear: number, toYear: number): Set<IsoDate> {
  const set = new Set<IsoDate>();
  for (let year = fromYear; year <= toYear; year++) for (const d of lftHolidays(year)) set.add(d);
  return set;
}

/** The calendar date of an instant in a time zone (`en-CA` writes YYYY-MM-DD). */
export function dateInZone(instant: Date, timeZone: string): IsoDate {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}
