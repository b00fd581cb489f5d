import { defineSettings } from '@core/config/app-config';
import { readLevels, readTimeOfDay } from '@core/config/env-readers';

export interface DoorSettings {
  /** DOOR_ALARM_LEVELS: the occupancy percentages of the venue's limit that raise an alarm, ascending. */
  doorAlarmLevels: number[];
  /**
   * DOOR_EMPTY_AT: the local time (TZ_DISPLAY, America/Monterrey) of the nightly 'vaciar recinto' — every door whose
   * last change is before it, with people still inside, is emptied (pretix's exit_all_at). Null: off.
   */
  doorEmptyAt: string | null;
}

export const DOOR_SETTINGS = defineSettings<DoorSettings>((env) => ({
  doorAlarmLevels: readLevels(env, 'DOOR_ALARM_LEVELS', [80, 95, 100]),
  doorEmptyAt: readTimeOfDay(env, 'DOOR_EMPTY_AT', '03:00'),
}));
