import { rowLetter, type SeatLayout } from '@shared/rules/seat-layout';
import type { SeatPosition } from './navigation';
import { SEAT_STATE_STYLES, type SeatMark, type SeatState } from './seat-states';

/** Fixed sizes in CSS pixels; seats scale with the zoom (px per cell), these do not. */
export const METRICS = {
  pad: 12,
  stage: 34,
  stageGap: 14,
  header: 36,
  letters: 22,
  gapX: 18,
  gapY: 16,
  minCell: 3,
  maxCell: 26,
} as const;

export interface SeatMapSection {
  codigo: string;
  nombre: string;
  color: string;
  filas: number;
  asientos_por_fila: number;
}

export interface DrawView {
  width: number;
  height: number;
  scrollX: number;
  scrollY: number;
  /** Added to x when the drawing is narrower than the viewport (centred). */
  shiftX: number;
  cell: number;
  dpr: number;
}

export interface DrawInput {
  layout: SeatLayout<SeatMapSection>;
  view: DrawView;
  /** State of a seat, or null to paint it in its section's colour (the preview). */
  stateOf: ((sectionIndex: number, fila: number, numero: number) => SeatState) | null;
  focused: SeatPosition | null;
  hovered: SeatPosition | null;
  showFocus: boolean;
}

/** Top-left of the drawing of cell (0, 0), in content pixels. */
export const originY = METRICS.pad + METRICS.stage + METRICS.stageGap;
export const originX = METRICS.pad;

export function contentSize(layout: SeatLayout, cell: number): { width: number; height: number } {
  return { width: Math.ceil(originX * 2 + layout.width * cell), height: Math.ceil(originY + METRICS.pad + layout.height * cell) };
}

/** One formatter for the page (toLocaleString builds an ICU formatter on every call: ~90 ms the first time at 4×). */
const COUNT = new Intl.NumberFormat('es-MX');
const FONT = `'Segoe UI', system-ui, -apple-system, Roboto, Arial, sans-serif`;

function fitText(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= max) lo = mid;
    else hi = mid - 1;
  }
  return lo > 0 ? `${text.slice(0, lo)}…` : '';
}

/** The marks drawn as lines: each a list of polylines, a polyline its points (x, y, x, y…) as fractions of the seat's side. */
const STROKED_MARKS: Partial<Record<SeatMark, readonly (readonly number[])[]>> = {
  stripe: [[0.15, 0.85, 0.85, 0.15]],
  check: [[0.22, 0.52, 0.42, 0.72, 0.8, 0.28]],
  cross: [
    [0.25, 0.25, 0.75, 0.75],
    [0.75, 0.25, 0.25, 0.75],
  ],
};

/** The mark of a state inside one seat square at (x, y) of side `size` (drawn only when it reads). */
function drawMark(ctx: CanvasRenderingContext2D, state: SeatState, x: number, y: number, size: number): void {
  const style = SEAT_STATE_STYLES[state];
  ctx.strokeStyle = style.ink;
  ctx.fillStyle = style.ink;
  ctx.lineWidth = Math.max(1.25, size * 0.12);
  const c = size / 2;
  const lines = STROKED_MARKS[style.mark];
  if (lines) {
    ctx.beginPath();
    for (const line of lines) {
      ctx.moveTo(x + size * line[0], y + size * line[1]);
      for (let i = 2; i < line.length; i += 2) ctx.lineTo(x + size * line[i], y + size * line[i + 1]);
    }
    ctx.stroke();
    return;
  }
  switch (style.mark) {
    case 'ring':
      ctx.strokeRect(x + size * 0.18, y + size * 0.18, size * 0.64, size * 0.64);
      break;
    case 'dot':
      ctx.beginPath();
      ctx.arc(x + c, y + c, size * 0.2, 0, Math.PI * 2);
      ctx.fill();
      break;
    case 'bar':
      ctx.fillRect(x + size * 0.2, y + c - size * 0.08, size * 0.6, size * 0.16);
      break;
  }
}

/** One seat drawn on a cell-sized tile at device pixels, as a repeating pattern (cached per look and size). */
const patterns = new Map<string, CanvasPattern | null>();
function seatPattern(
  ctx: CanvasRenderingContext2D,
  fill: string,
  stroke: string | null,
  cell: number,
  seatSize: number,
  radius: number,
  dpr: number,
): CanvasPattern | null {
  const key = `${fill}|${stroke}|${cell}|${seatSize}|${radius}|${dpr}`;
  let pattern = patterns.get(key);
  if (pattern !== undefined) return pattern;
  const side = Math.max(1, Math.round(cell * dpr));
  const tile = document.createElement('canvas');
  tile.width = side;
  tile.height = side;
  const t = tile.getContext('2d');
  if (t) {
    t.scale(dpr, dpr);
    t.fillStyle = fill;
    t.beginPath();
    if (radius) t.roundRect(0, 0, seatSize, seatSize, radius);
    else t.rect(0, 0, seatSize, seatSize);
    t.fill();
    if (stroke) {
      t.strokeStyle = stroke;
      t.lineWidth = 1;
      t.stroke();
    }
  }
  pattern = t ? ctx.createPattern(tile, 'repeat') : null;
  if (patterns.size > 64) patterns.clear();
  patterns.set(key, pattern);
  return pattern;
}

/**
 * Draws the visible part of the map: the stage marker, each section's box with its header, row
 * letters and seats (numbers inside when they fit), then hover and focus outlines. Seats of one
 * colour are filled as one path, so 20,000 seats are a handful of fills.
 */
export function drawSeatMap(ctx: CanvasRenderingContext2D, input: DrawInput): void {
  const { layout, view, stateOf } = input;
  const { cell, scrollX, scrollY, width, height, dpr } = view;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(0, 0, width, height);
  ctx.translate(view.shiftX - scrollX, -scrollY);

  const drawingWidth = layout.width * cell;
  // Stage marker.
  const stageW = Math.max(drawingWidth, 160);
  const stageX = originX + (drawingWidth - stageW) / 2;
  ctx.fillStyle = '#374151';
  ctx.beginPath();
  ctx.roundRect(stageX, METRICS.pad, stageW, METRICS.stage, 6);
  ctx.fill();
  ctx.fillStyle = '#FFFFFF';
  ctx.font = `600 13px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // The label sits in the middle of the part of the stage in view (a zoomed-in map still shows it).
  const seenLeft = Math.max(stageX, scrollX - view.shiftX);
  const seenRight = Math.min(stageX + stageW, scrollX - view.shiftX + width);
  const labelX = seenRight - seenLeft >= 150 ? (seenLeft + seenRight) / 2 : stageX + stageW / 2;
  ctx.fillText('ESCENARIO / FRENTE', labelX, METRICS.pad + METRICS.stage / 2, stageW - 8);

  const seatGap = cell >= 8 ? Math.max(1, Math.round(cell * 0.16)) : 1;
  const seatSize = cell - seatGap;
  const radius = seatSize >= 10 ? 3 : 0;
  const numbersFit = cell >= 18;
  const marksFit = seatSize >= 9;
  const lettersFit = cell >= 7;

  const viewLeft = scrollX - view.shiftX;
  const viewTop = scrollY;
  const viewRight = scrollX - view.shiftX + width;
  const viewBottom = scrollY + height;

  for (const s of layout.sections) {
    const bx = originX + s.x * cell;
    const by = originY + s.y * cell;
    const bw = s.width * cell;
    const bh = s.height * cell;
    if (bx > viewRight || by > viewBottom || bx + bw < viewLeft || by + bh < viewTop) continue;
    const sec = s.section;

    // Box and header.
    ctx.fillStyle = `${sec.color}14`;
    ctx.strokeStyle = `${sec.color}66`;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.roundRect(bx - 4, by, bw + 8, bh + 4, 6);
    ctx.fill();
    ctx.stroke();
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = '#1F2328';
    ctx.font = `600 12px ${FONT}`;
    ctx.fillText(fitText(ctx, `${sec.nombre} (${sec.codigo})`, bw), bx, by + 15);
    ctx.fillStyle = '#4B5563';
    ctx.font = `11px ${FONT}`;
    ctx.fillText(
      fitText(ctx, `${sec.filas} filas × ${sec.asientos_por_fila} asientos = ${COUNT.format(sec.filas * sec.asientos_por_fila)}`, bw),
      bx,
      by + 29,
    );

    // Visible rows and seats of this section.
    const sx = originX + s.seatX * cell;
    const sy = originY + s.seatY * cell;
    const firstRow = Math.max(1, Math.floor((viewTop - sy) / cell) + 1);
    const lastRow = Math.min(sec.filas, Math.ceil((viewBottom - sy) / cell));
    const firstCol = Math.max(1, Math.floor((viewLeft - sx) / cell) + 1);
    const lastCol = Math.min(sec.asientos_por_fila, Math.ceil((viewRight - sx) / cell));
    if (firstRow > lastRow || firstCol > lastCol) continue;

    if (lettersFit) {
      ctx.fillStyle = '#374151';
      ctx.font = `600 ${Math.min(12, Math.max(8, cell * 0.6))}px ${FONT}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (let fila = firstRow; fila <= lastRow; fila++) {
        ctx.fillText(
          rowLetter(s.rowOffset + fila - 1),
          sx - METRICS.letters / 2,
          sy + (fila - 0.5) * cell - seatGap / 2,
          METRICS.letters - 2,
        );
      }
    }

    // A block of identical seats is one fill with a one-seat pattern; seats in another state are painted over it.
    const blockX = sx + (firstCol - 1) * cell;
    const blockY = sy + (firstRow - 1) * cell;
    const base = stateOf ? SEAT_STATE_STYLES.available : null;
    const pattern = seatPattern(ctx, base?.fill ?? sec.color, base && seatSize >= 6 ? '#9CA3AF' : null, cell, seatSize, radius, dpr);
    if (pattern) {
      pattern.setTransform(new DOMMatrix([1 / dpr, 0, 0, 1 / dpr, sx, sy]));
      ctx.fillStyle = pattern;
      ctx.fillRect(blockX, blockY, (lastCol - firstCol + 1) * cell, (lastRow - firstRow + 1) * cell);
    }
    if (stateOf) {
      const byState = new Map<SeatState, number[]>();
      for (let fila = firstRow; fila <= lastRow; fila++) {
        for (let n = firstCol; n <= lastCol; n++) {
          const state = stateOf(s.index, fila, n);
          if (state === 'available') continue;
          let list = byState.get(state);
          if (!list) byState.set(state, (list = []));
          list.push(fila, n);
        }
      }
      for (const [state, list] of byState) {
        const style = SEAT_STATE_STYLES[state];
        ctx.fillStyle = style.fill;
        ctx.beginPath();
        for (let i = 0; i < list.length; i += 2) {
          const x = sx + (list[i + 1] - 1) * cell;
          const y = sy + (list[i] - 1) * cell;
          if (radius) ctx.roundRect(x, y, seatSize, seatSize, radius);
          else ctx.rect(x, y, seatSize, seatSize);
        }
        ctx.fill();
        if (state === 'unregistered' && seatSize >= 6) {
          ctx.strokeStyle = '#9CA3AF';
          ctx.lineWidth = 1;
          ctx.stroke();
        }
        if (marksFit && style.mark !== 'none' && !numbersFit) {
          for (let i = 0; i < list.length; i += 2) drawMark(ctx, state, sx + (list[i + 1] - 1) * cell, sy + (list[i] - 1) * cell, seatSize);
        }
      }
    }

    if (numbersFit) {
      ctx.font = `600 ${Math.min(11, cell * 0.42)}px ${FONT}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (let fila = firstRow; fila <= lastRow; fila++) {
        const y = sy + (fila - 1) * cell + seatSize / 2 + 0.5;
        for (let n = firstCol; n <= lastCol; n++) {
          const state = stateOf ? stateOf(s.index, fila, n) : null;
          const x = sx + (n - 1) * cell;
          if (state && SEAT_STATE_STYLES[state].mark !== 'none') {
            // Big seats: the mark in the corner, the number in the middle.
            ctx.save();
            ctx.translate(x + seatSize * 0.62, y - seatSize / 2);
            drawMark(ctx, state, 0, 0, seatSize * 0.38);
            ctx.restore();
          }
          ctx.fillStyle = state ? SEAT_STATE_STYLES[state].ink : '#FFFFFF';
          ctx.fillText(String(s.numberOffset + n), x + seatSize / 2, y, seatSize);
        }
      }
    }
  }

  const outline = (p: SeatPosition, color: string, w: number) => {
    const s = layout.sections[p.sectionIndex];
    if (!s) return;
    const x = originX + (s.seatX + p.numero - 1) * cell;
    const y = originY + (s.seatY + p.fila - 1) * cell;
    ctx.strokeStyle = color;
    ctx.lineWidth = w;
    ctx.strokeRect(x - w / 2 - 1, y - w / 2 - 1, seatSize + w + 2, seatSize + w + 2);
  };
  if (input.hovered) outline(input.hovered, '#111827', 1.5);
  if (input.focused && input.showFocus) {
    outline(input.focused, '#FFFFFF', 4);
    outline(input.focused, '#9A7547', 2.5);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}
