import type { InternalEventResponse } from '@shared/contracts/internal-events.contract';

/** Confirmed, pending, attended and total, from the event's counts (pushed live). */
export function AttendeeCounters({ evento }: { evento: InternalEventResponse }) {
  const tiles = [
    { key: 'confirmados', label: 'Confirmados', value: evento.asistentes_confirmados_count },
    { key: 'pendientes', label: 'Pendientes', value: evento.asistentes_pendientes_count },
    { key: 'asistieron', label: 'Asistieron', value: evento.asistentes_asistieron_count },
    { key: 'total', label: 'Total', value: evento.asistentes_count },
  ];
  return (
    <div className="ie-counters" data-testid="ie-counters">
      {tiles.map((t) => (
        <div key={t.key} className={`ie-counter ie-counter--${t.key}`} data-testid={`ie-count-${t.key}`}>
          <span className="ie-counter__value" aria-live="polite">
            {t.value}
          </span>
          <span className="ie-counter__label">{t.label}</span>
        </div>
      ))}
    </div>
  );
}
