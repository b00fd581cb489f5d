import { SEAT_STATE_STYLES, type SeatState } from './seat-states';

/** The marks of the canvas, as small SVGs (colour plus shape). */
function Swatch({ state }: { state: SeatState }) {
  const s = SEAT_STATE_STYLES[state];
  const mark = {
    none: null,
    ring: <rect x="4" y="4" width="8" height="8" fill="none" stroke={s.ink} strokeWidth="1.6" />,
    stripe: <line x1="3" y1="13" x2="13" y2="3" stroke={s.ink} strokeWidth="1.8" />,
    check: <polyline points="4,8.5 7,11.5 12.5,4.5" fill="none" stroke={s.ink} strokeWidth="1.8" />,
    dot: <circle cx="8" cy="8" r="3" fill={s.ink} />,
    bar: <rect x="3.5" y="7" width="9" height="2.4" fill={s.ink} />,
    cross: <path d="M4 4 L12 12 M12 4 L4 12" stroke={s.ink} strokeWidth="1.6" />,
  }[s.mark];
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <rect x="0.5" y="0.5" width="15" height="15" rx="3" fill={s.fill} stroke="#9CA3AF" />
      {mark}
    </svg>
  );
}

/** Legend of the seat states shown on a map. */
export function SeatLegend({ states }: { states: readonly SeatState[] }) {
  return (
    <ul className="seat-legend" aria-label="Leyenda de asientos">
      {states.map((state) => (
        <li key={state}>
          <Swatch state={state} /> {SEAT_STATE_STYLES[state].label}
        </li>
      ))}
    </ul>
  );
}
