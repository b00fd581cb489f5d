import { ConfigError, readTimeOfDay } from '../../api/src/core/config/env-readers';
import { lastCut } from '../../api/src/modules/door/door-emptying';

/** The nightly 'vaciar recinto' (DOOR_EMPTY_AT): the setting, and which cut is the most recent one. */
describe('DOOR_EMPTY_AT', () => {
  it('reads HH:MM (24 h) or off, and refuses anything else in Spanish', () => {
    const read = (v?: string) => readTimeOfDay({ DOOR_EMPTY_AT: v }, 'DOOR_EMPTY_AT', '03:00');
    expect(read()).toBe('03:00');
    expect(read(' ')).toBe('03:00');
    expect(read('4:30')).toBe('04:30');
    expect(read('23:59')).toBe('23:59');
    expect(read('off')).toBeNull();
    expect(read('OFF')).toBeNull();
    for (const bad of ['24:00', '3', '03:60', '3am', '03:00:00']) {
      expect(() => read(bad)).toThrow(ConfigError);
      expect(() => read(bad)).toThrow(/DOOR_EMPTY_AT debe ser una hora HH:MM/);
    }
  });

  it("the most recent cut: today's in Monterrey (UTC-6), or yesterday's if today's has not come", () => {
    const tz = 'America/Monterrey';
    // 2026-11-27 14:00 in Monterrey: today's 03:00 has passed.
    expect(lastCut(new Date('2026-11-27T20:00:00Z'), '03:00', tz).toISOString()).toBe('2026-11-27T09:00:00.000Z');
    // 02:30 in Monterrey: yesterday's 03:00.
    expect(lastCut(new Date('2026-11-27T08:30:00Z'), '03:00', tz).toISOString()).toBe('2026-11-26T09:00:00.000Z');
    // Exactly at the cut: that cut. 23:30 local is still the same local day though UTC is the next.
    expect(lastCut(new Date('2026-11-27T09:00:00Z'), '03:00', tz).toISOString()).toBe('2026-11-27T09:00:00.000Z');
    expect(lastCut(new Date('2026-11-28T05:45:00Z'), '23:30', tz).toISOString()).toBe('2026-11-28T05:30:00.000Z');
    // Across a month and a year.
    expect(lastCut(new Date('2027-01-01T07:00:00Z'), '03:00', tz).toISOString()).toBe('2026-12-31T09:00:00.000Z');
  });

  it('follows a zone with daylight saving time on both sides of the change', () => {
    const tz = 'America/Chicago'; // CDT UTC-5 until 2026-11-01 02:00, then CST UTC-6
    expect(lastCut(new Date('2026-10-31T12:00:00Z'), '03:00', tz).toISOString()).toBe('2026-10-31T08:00:00.000Z');
    expect(lastCut(new Date('2026-11-02T12:00:00Z'), '03:00', tz).toISOString()).toBe('2026-11-02T09:00:00.000Z');
  });
});
