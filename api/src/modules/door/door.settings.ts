import { defineSettings } from '@core/config/app-config';
import { readLevels } from '@core/config/env-readers';

export interface DoorSettings {
  /** DOOR_ALARM_LEVELS: the occupancy percentages of the venue's limit that raise an alarm, ascending (issue 28). */
  doorAlarmLevels: number[];
}

export const DOOR_SETTINGS = defineSettings<DoorSettings>((env) => ({
  doorAlarmLevels: readLevels(env, 'DOOR_ALARM_LEVELS', [80, 95, 100]),
}));
