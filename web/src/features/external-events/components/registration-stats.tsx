import type { ExternalRegistrationResponse } from '@shared/contracts/external-events.contract';

/** Total, attended, pending (status registered) and attendance % = round(attended / total × 100), 0 when empty. */
export function registrationStats(registrations: readonly ExternalRegistrationResponse[]) {
  const total = registrations.length;
  const attended = registrations.filter((r) => r.status === 'attended').length;
  const pending = registrations.filter((r) => r.status === 'registered').length;
  const percent = total === 0 ? 0 : Math.round((attended / total) * 100);
  return { total, attended, pending, percent };
}

export function RegistrationStats({ registrations }: { registrations: readonly ExternalRegistrationResponse[] }) {
  const { total, attended, pending, percent } = registrationStats(registrations);
  const tiles = [
    { key: 'total', label: 'Total de registros', value: String(total) },
    { key: 'attended', label: 'Asistieron', value: String(attended) },
    { key: 'pending', label: 'Pendientes', value: String(pending) },
    { key: 'percent', label: 'Porcentaje de asistencia', value: `${percent}%` },
  ];
  return (
    <div className="stat-tiles" data-testid="registration-stats">
      {tiles.map((tile) => (
        <div key={tile.key} className={`stat-tile stat-tile--${tile.key}`} data-testid={`stat-${tile.key}`}>
          <span className="stat-tile__value" aria-live="polite">
            {tile.value}
          </span>
          <span className="stat-tile__label">{tile.label}</span>
        </div>
      ))}
    </div>
  );
}
