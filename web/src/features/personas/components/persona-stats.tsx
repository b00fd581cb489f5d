import type { PersonasStats } from '@shared/contracts/personas.contract';
import { formatCount, formatPercent } from '../persona-labels';

/** The four cards of spec 3 §2.1, each with its count and percentage of the total. */
export function PersonaStats({ stats }: { stats: PersonasStats | null }) {
  const total = stats?.total ?? 0;
  const tiles = [
    { key: 'total', label: 'Total Personas', value: total, percent: total > 0 ? 100 : 0 },
    { key: 'green', label: 'Completos', value: stats?.green ?? 0, percent: stats?.greenPercent ?? 0 },
    { key: 'orange', label: 'Intermedios', value: stats?.orange ?? 0, percent: stats?.orangePercent ?? 0 },
    { key: 'red', label: 'Básicos', value: stats?.red ?? 0, percent: stats?.redPercent ?? 0 },
  ];
  return (
    <div className="stat-tiles persona-stats" data-testid="persona-stats" aria-busy={stats === null}>
      {tiles.map((tile) => (
        <div key={tile.key} className={`stat-tile persona-stat persona-stat--${tile.key}`} data-testid={`persona-stat-${tile.key}`}>
          <span className="stat-tile__label persona-stat__label">
            {tile.key !== 'total' ? <span className={`completeness__dot completeness--${tile.key}`} aria-hidden="true" /> : null}
            {tile.label}
          </span>
          <span className="stat-tile__value" data-testid={`persona-stat-${tile.key}-value`} aria-live="polite">
            {stats ? formatCount(tile.value) : '–'}
          </span>
          <span className="persona-stat__percent" data-testid={`persona-stat-${tile.key}-percent`}>
            {stats ? `${formatPercent(tile.percent)} del total` : '\u00a0'}
          </span>
        </div>
      ))}
    </div>
  );
}
