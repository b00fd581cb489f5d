import { useLiveStatus, useRoomStatus } from '../../lib/live';
import './live-indicator.css';

/** A small "En vivo" marker: green when the screen's room is joined, grey while (re)connecting. */
export function LiveIndicator({ room }: { room: string }) {
  const connection = useLiveStatus();
  const status = useRoomStatus(room);
  const live = connection === 'online' && status === 'joined';
  return (
    <span
      className={`live-indicator ${live ? 'live-indicator--on' : ''}`}
      data-testid="live-indicator"
      data-state={live ? 'joined' : (status ?? 'offline')}
      title={live ? 'Los cambios se muestran al instante' : 'Reconectando…'}
    >
      <span className="live-indicator__dot" aria-hidden="true" />
      {live ? 'En vivo' : 'Reconectando…'}
    </span>
  );
}
