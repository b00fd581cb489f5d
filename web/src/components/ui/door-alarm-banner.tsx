import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { DoorKind } from '@shared/contracts/door.contract';
import { applyDoorAlarm, doorAlarmState, doorEventKey, loadDoorAlarm } from '../../lib/door-alarms';
import { formatTime } from '../../lib/format';
import { useOnSocketConnect, useSocketEvent } from '../../lib/live';
import './door-alarm-banner.css';

/** What the banner says at a level (100 %: the door admits nobody). */
function alarmText(level: number, inside: number, capacity: number | null): { title: string; detail: string } {
  const count = capacity ? `${inside.toLocaleString('es-MX')} de ${capacity.toLocaleString('es-MX')} personas dentro` : `${inside} dentro`;
  if (level >= 100) {
    return {
      title: 'Recinto lleno: aforo máximo alcanzado',
      detail: `${count}. La puerta no admite a nadie hasta que alguien salga o un supervisor lo autorice.`,
    };
  }
  const left = capacity ? Math.max(0, capacity - inside) : 0;
  return {
    title: `Alarma de aforo: ${level} % del aforo máximo`,
    detail: `${count}; quedan ${left.toLocaleString('es-MX')} lugares antes del límite.`,
  };
}

/**
 * The capacity alarm of one event on any of its staff screens: shown from the first alarm level
 * (DOOR_ALARM_LEVELS, 80 % by default) and announced (role=alert) when it appears or its level changes; gone when the
 * occupancy falls below it. The level is read when the screen opens and after every reconnect; then `door.alarm`
 * pushes move it. The pushes reach the event's staff rooms (its board, door and seating map), which the screen
 * itself joins: the banner joins none.
 */
export function DoorAlarmBanner({ kind, eventId }: { kind: DoorKind; eventId: number }) {
  const alarm = useSnapshot(doorAlarmState).byEvent[doorEventKey(kind, eventId)];
  useEffect(() => {
    void loadDoorAlarm(kind, eventId);
  }, [kind, eventId]);
  useOnSocketConnect(() => void loadDoorAlarm(kind, eventId));
  useSocketEvent('door.alarm', (msg) => {
    if (msg.data.kind === kind && msg.data.event_id === eventId) applyDoorAlarm(msg.data, msg.occurred_at);
  });
  if (!alarm || alarm.level <= 0) return null;
  const { title, detail } = alarmText(alarm.level, alarm.inside, alarm.capacity);
  const tone = alarm.level >= 100 ? 'full' : alarm.level >= 95 ? 'high' : 'warn';
  return (
    <div
      className={`door-alarm door-alarm--${tone}`}
      role="alert"
      aria-atomic="true"
      data-testid="door-alarm"
      data-level={alarm.level}
      key={alarm.level}
    >
      <strong className="door-alarm__title">{title}</strong>
      <span className="door-alarm__detail">
        {detail}
        {alarm.at ? <span className="door-alarm__time"> (Desde las {formatTime(alarm.at)})</span> : null}
      </span>
    </div>
  );
}
