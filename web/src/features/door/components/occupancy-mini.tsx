import { ProgressBar, type ProgressTone } from '../../../components/ui/progress-bar';
import type { DoorOccupancyView } from '../stores/door-store';

const n = (value: number) => value.toLocaleString('es-MX');

function toneOf(level: number): ProgressTone {
  if (level >= 95) return 'red';
  if (level >= 80) return 'yellow';
  return 'green';
}

/** People inside now and the venue's limit, kept live by the door's room; offline, the last figure known. */
export function OccupancyMini({ occupancy, online, pending }: { occupancy: DoorOccupancyView | null; online: boolean; pending: number }) {
  const percent = occupancy?.capacity ? Math.round((occupancy.inside * 100) / occupancy.capacity) : null;
  return (
    <section className="card door-occupancy" aria-labelledby="door-occupancy-title" data-testid="door-occupancy">
      <h2 className="door-occupancy__title" id="door-occupancy-title">
        Dentro ahora
      </h2>
      {occupancy ? (
        <>
          <p className="door-occupancy__figure">
            <strong data-testid="door-occupancy-inside">{n(occupancy.inside)}</strong>
            {occupancy.capacity ? (
              <span>
                {' '}
                de <span data-testid="door-occupancy-capacity">{n(occupancy.capacity)}</span> ({percent} %)
              </span>
            ) : (
              <span> · sin aforo máximo</span>
            )}
          </p>
          {occupancy.capacity ? (
            <ProgressBar percent={percent ?? 0} tone={toneOf(occupancy.level)} label="Ocupación del recinto" size="sm" />
          ) : null}
          {occupancy.entry_stopped ? <p className="door-occupancy__stop">Entrada detenida: se alcanzó el aforo máximo.</p> : null}
        </>
      ) : (
        <p className="muted">{online ? 'Cargando…' : 'Sin datos: se mostrarán al volver la conexión.'}</p>
      )}
      {!online && occupancy ? (
        <p className="door-occupancy__note">
          Última cifra conocida{pending > 0 ? `; este dispositivo tiene ${n(pending)} escaneo(s) sin enviar` : ''}.
        </p>
      ) : null}
    </section>
  );
}
