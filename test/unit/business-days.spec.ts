import fc from 'fast-check';
import {
  addBusinessDays,
  addCalendarDays,
  businessDaysBetween,
  dateInZone,
  isBusinessDay,
  lftHolidays,
  lftHolidaySet,
  weekday,
} from '../../api/src/shared/rules/business-days';

/** The ARCO answer term (LGPDPPSO art. 51): business days after the day of receipt, weekends and holidays skipped. */
describe('business days (shared/rules/business-days.ts)', () => {
  const none = new Set<string>();
  const lft = lftHolidaySet(2025, 2028);

  it("LFT art. 74's rest days of 2026 and 2030 (the transmission of the Federal Executive, every six years)", () => {
    expect(lftHolidays(2026)).toEqual(['2026-01-01', '2026-02-02', '2026-03-16', '2026-05-01', '2026-09-16', '2026-11-16', '2026-12-25']);
    expect(lftHolidays(2030)).toContain('2030-10-01');
    expect(lftHolidays(2027)).not.toContain('2027-10-01');
  });

  it('20 business days from a Monday receipt, no holidays: four weeks later', () => {
    // Received Monday 2026-06-01: counting starts Tuesday; 20 business days end on Monday 2026-06-29.
    expect(addBusinessDays('2026-06-01', 20, none)).toBe('2026-06-29');
  });

  it('a receipt on a Friday, a Saturday or a Sunday counts from the next Monday', () => {
    expect(addBusinessDays('2026-06-05', 1, none)).toBe('2026-06-08');
    expect(addBusinessDays('2026-06-06', 1, none)).toBe('2026-06-08');
    expect(addBusinessDays('2026-06-07', 1, none)).toBe('2026-06-08');
  });

  it('holidays are skipped: a December receipt crosses 25 December and 1 January', () => {
    // Received Friday 2026-12-11: 20 business days, skipping 25 Dec and 1 Jan (both Fridays).
    expect(addBusinessDays('2026-12-11', 20, lft)).toBe('2027-01-12');
    expect(addBusinessDays('2026-12-11', 20, none)).toBe('2027-01-08');
    // Received the day before the Revolution's Monday (2026-11-16): counting starts Tuesday.
    expect(addBusinessDays('2026-11-13', 1, lft)).toBe('2026-11-17');
  });

  it('the extension of art. 51 (10 more) is the same arithmetic from the due date', () => {
    const due = addBusinessDays('2026-06-01', 20, none);
    expect(addBusinessDays(due, 10, none)).toBe(addBusinessDays('2026-06-01', 30, none));
  });

  it("the day of receipt in Monterrey's calendar, across midnight UTC", () => {
    // 02:00 UTC on 2 June is still 1 June, 20:00, in Monterrey (UTC−6, no DST since 2022).
    expect(dateInZone(new Date('2026-06-02T02:00:00Z'), 'America/Monterrey')).toBe('2026-06-01');
    expect(dateInZone(new Date('2026-06-02T07:00:00Z'), 'America/Monterrey')).toBe('2026-06-02');
  });

  const date = fc
    .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const holidays = fc.uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 30 });

  it('property: the due date is a business day, after the receipt, with exactly n business days in between', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 60 }), holidays, (from, n, offsets) => {
        const set = new Set(offsets.map((o) => addCalendarDays(from, o)));
        const due = addBusinessDays(from, n, set);
        expect(due > from).toBe(true);
        expect(isBusinessDay(due, set)).toBe(true);
        expect(weekday(due)).not.toBe(0);
        expect(weekday(due)).not.toBe(6);
        expect(businessDaysBetween(from, due, set)).toBe(n);
      }),
    );
  });

  it('property: more days never end earlier; a holiday never ends it earlier', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), holidays, (from, a, b, offsets) => {
        const set = new Set(offsets.map((o) => addCalendarDays(from, o)));
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(addBusinessDays(from, lo, set) <= addBusinessDays(from, hi, set)).toBe(true);
        expect(addBusinessDays(from, hi, set) >= addBusinessDays(from, hi, none)).toBe(true);
      }),
    );
  });

  it('property: 5 business days without holidays are always exactly one week', () => {
    fc.assert(
      fc.property(date, (from) => {
        if (!isBusinessDay(from, none)) return;
        expect(addBusinessDays(from, 5, none)).toBe(addCalendarDays(from, 7));
      }),
    );
  });
});
