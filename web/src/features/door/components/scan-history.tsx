import { formatTime } from '../../../lib/format';
import { RESULT_LOOK } from '../door-results';
import type { ScanOutcome } from '../stores/door-store';

/** The last scans on this device, newest first. */
export function ScanHistory({ history }: { history: readonly ScanOutcome[] }) {
  return (
    <section className="card door-history" aria-labelledby="door-history-title">
      <h2 className="door-history__title" id="door-history-title">
        Últimos escaneos en este dispositivo
      </h2>
      {history.length === 0 ? (
        <p className="muted">Aún no hay escaneos.</p>
      ) : (
        <ol className="door-history__list" data-testid="door-history">
          {history.map((h) => (
            <li
              key={h.seq}
              className={`door-history__item door-history__item--${RESULT_LOOK[h.result].tone}`}
              data-testid="door-history-entry"
            >
              <span className="door-history__time">{formatTime(h.at)}</span>
              <strong>{RESULT_LOOK[h.result].title}</strong>
              <span>{h.fullName ?? h.code}</span>
              {h.seat ? <span>Asiento: {h.seat}</span> : null}
              {h.local ? <span className="door-history__local">sin conexión</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
