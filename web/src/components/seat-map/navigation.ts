import type { SeatLayout } from '@shared/rules/seat-layout';

export interface SeatPosition {
  sectionIndex: number;
  fila: number;
  numero: number;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Centre of a seat, in layout cells. */
export function seatCentre(layout: SeatLayout, p: SeatPosition): { x: number; y: number } {
  const s = layout.sections[p.sectionIndex];
  return { x: s.seatX + p.numero - 0.5, y: s.seatY + p.fila - 0.5 };
}

/**
 * The seat an arrow key moves to: the neighbour inside the section, else the nearest seat of another
 * section in that direction (across the sections of a layout row for left/right, to the layout row
 * above or below for up/down). Null at the edge of the map.
 */
export function moveSeat(layout: SeatLayout, from: SeatPosition, dir: Direction): SeatPosition | null {
  const own = layout.sections[from.sectionIndex].section;
  const step = { left: [0, -1], right: [0, 1], up: [-1, 0], down: [1, 0] }[dir];
  const fila = from.fila + step[0];
  const numero = from.numero + step[1];
  if (fila >= 1 && fila <= own.filas && numero >= 1 && numero <= own.asientos_por_fila) return { ...from, fila, numero };

  const here = seatCentre(layout, from);
  const horizontal = dir === 'left' || dir === 'right';
  const sign = dir === 'right' || dir === 'down' ? 1 : -1;
  let best: { p: SeatPosition; score: number } | null = null;
  for (const s of layout.sections) {
    if (s.index === from.sectionIndex || s.section.filas < 1 || s.section.asientos_por_fila < 1) continue;
    // The seat of this section closest to where we are.
    const candidate: SeatPosition = {
      sectionIndex: s.index,
      fila: clamp(Math.floor(here.y - s.seatY) + 1, 1, s.section.filas),
      numero: clamp(Math.floor(here.x - s.seatX) + 1, 1, s.section.asientos_por_fila),
    };
    const c = seatCentre(layout, candidate);
    const along = (horizontal ? c.x - here.x : c.y - here.y) * sign;
    const across = Math.abs(horizontal ? c.y - here.y : c.x - here.x);
    if (along <= 0) continue;
    // Stay in line first (same row letter band / same column band), then nearest.
    const score = along + across * 4;
    if (!best || score < best.score) best = { p: candidate, score };
  }
  return best?.p ?? null;
}

/** First or last seat of the focused seat's row in its section (Home / End). */
export function rowEdge(layout: SeatLayout, from: SeatPosition, edge: 'start' | 'end'): SeatPosition {
  const s = layout.sections[from.sectionIndex].section;
  return { ...from, numero: edge === 'start' ? 1 : s.asientos_por_fila };
}

/** The first seat of the map (top-left section, row A, seat 1), or null when there is none. */
export function firstSeat(layout: SeatLayout): SeatPosition | null {
  const s = layout.sections.find((x) => x.section.filas > 0 && x.section.asientos_por_fila > 0);
  return s ? { sectionIndex: s.index, fila: 1, numero: 1 } : null;
}
