import { useId } from 'react';
import { formatTime } from '../../../lib/format';

type Point = { at: string; inside: number };

const W = 300;
const H = 64;

/** The words a screen reader gets for the chart, and everyone under it: where the hour started, now, and its peak. */
export function seriesSummary(series: readonly Point[]): string {
  if (series.length === 0) return 'Sin datos de la última hora.';
  const first = series[0];
  const last = series[series.length - 1];
  const peak = series.reduce((a, b) => (b.inside > a.inside ? b : a), first);
  const people = (n: number) => `${n.toLocaleString('es-MX')} ${n === 1 ? 'persona' : 'personas'}`;
  return (
    `Hace una hora (${formatTime(first.at)}): ${people(first.inside)} dentro; ahora (${formatTime(last.at)}): ${people(last.inside)}; ` +
    `lo más alto: ${people(peak.inside)} (${formatTime(peak.at)}).`
  );
}

/**
 * People inside over the last hour, one point per minute, as inline SVG (no chart library). The picture is an image
 * named by the text summary beside it (visible too), so the trend is never only a shape.
 */
export function Sparkline({ series, capacity }: { series: readonly Point[]; capacity: number | null }) {
  const summaryId = useId();
  const top = Math.max(1, capacity ?? 0, ...series.map((p) => p.inside));
  const x = (i: number) => (series.length > 1 ? (i / (series.length - 1)) * W : W);
  const y = (v: number) => H - 2 - (v / top) * (H - 4);
  const line = series.map((p, i) => `${x(i).toFixed(1)},${y(p.inside).toFixed(1)}`).join(' ');
  const area = series.length ? `0,${H} ${line} ${W},${H}` : '';
  return (
    <figure className="sparkline" data-testid="occupancy-sparkline">
      <svg
        className="sparkline__svg"
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={summaryId}
        focusable="false"
      >
        {capacity ? (
          <line className="sparkline__limit" x1="0" x2={W} y1={y(capacity)} y2={y(capacity)} vectorEffect="non-scaling-stroke" />
        ) : null}
        {series.length ? <polygon className="sparkline__area" points={area} /> : null}
        {series.length ? <polyline className="sparkline__line" points={line} vectorEffect="non-scaling-stroke" /> : null}
      </svg>
      <figcaption className="sparkline__summary" id={summaryId} data-testid="occupancy-sparkline-summary">
        {seriesSummary(series)}
        {capacity ? ' La línea punteada es el aforo máximo.' : ''}
      </figcaption>
    </figure>
  );
}
