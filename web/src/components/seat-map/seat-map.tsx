import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { computeSeatLayout, layoutRowSizes, seatAtCell, seatCode, type SeatLayout } from '@shared/rules/seat-layout';
import { contentSize, drawSeatMap, METRICS, originX, originY, type SeatMapSection } from './draw';
import { firstSeat, moveSeat, rowEdge, type Direction, type SeatPosition } from './navigation';
import { SEAT_STATE_STYLES, type SeatState } from './seat-states';
import './seat-map.css';
import { Button } from '../ui/button';

export type { SeatMapSection, SeatPosition, SeatState };

/** A seat as the map reports it (hover, focus, activation). */
export interface SeatInfo extends SeatPosition {
  sectionCode: string;
  sectionName: string;
  /** Stored label, e.g. 'C-14'. */
  codigo: string;
  /** Tooltip label sectionCode-rowLetter-seatNumber, e.g. 'VIP-C-14'. */
  displayCode: string;
  seatId: number | undefined;
  state: SeatState;
}

export interface SeatMapProps {
  sections: readonly SeatMapSection[];
  layoutConfig: string | null | undefined;
  /** Accessible name of the map. */
  label: string;
  /** The stored seat id of a place; a place without one is 'unregistered' (seating map). */
  seatId?: (sectionIndex: number, fila: number, numero: number) => number | undefined;
  /** States by seat id; seats not listed are 'available'. */
  seatStates?: ReadonlyMap<number, SeatState>;
  selectedSeatId?: number | null;
  /** 'section': seats in their section's colour (preview); 'state': colour + mark per state (seating). */
  colorBy?: 'section' | 'state';
  /** Click, Enter or Space on a seat. */
  onSeatActivate?: (seat: SeatInfo) => void;
  /** Extra words for the tooltip and the announcement (e.g. who holds the seat). */
  describeSeat?: (seat: SeatInfo) => string | null;
  /** Tallest the scrolling viewport gets, in CSS pixels. */
  maxHeight?: number;
  testId?: string;
}

const ZOOM_STEP = 1.25;
const SCROLL_MARGIN = 24;

function fitCell(sections: readonly SeatMapSection[], layoutConfig: string | null | undefined, width: number): number {
  let cell: number = METRICS.maxCell;
  let next = 0;
  for (const size of layoutRowSizes(layoutConfig, sections.length)) {
    let seats = 0;
    for (let k = 0; k < size; k++, next++) seats += Math.max(0, sections[next].asientos_por_fila);
    const fixed = size * METRICS.letters + (size - 1) * METRICS.gapX + originX * 2 + 8;
    if (seats > 0) cell = Math.min(cell, (width - fixed) / seats);
  }
  // Whole pixels: a seat is then an exact pattern tile, and a block of seats one fill.
  return Math.max(METRICS.minCell, Math.min(METRICS.maxCell, Math.floor(cell)));
}

function geometryFor(cell: number) {
  return {
    headerCells: METRICS.header / cell,
    letterCells: METRICS.letters / cell,
    gapXCells: METRICS.gapX / cell,
    gapYCells: METRICS.gapY / cell,
  };
}

const samePosition = (a: SeatPosition | null, b: SeatPosition | null) =>
  a === b || (!!a && !!b && a.sectionIndex === b.sectionIndex && a.fila === b.fila && a.numero === b.numero);

/**
 * The seat renderer shared by the spaces preview and the seating map: one canvas (no DOM node per
 * seat) in a natively scrolling viewport, zoom buttons, a tooltip on hover, and one focusable element
 * whose arrow keys move seat to seat (across sections), Enter/Space activate, and an aria-live region
 * announcing the focused seat. Draws only what is visible, at the device's pixel ratio.
 */
export function SeatMap(props: SeatMapProps) {
  const { sections, layoutConfig, seatId, seatStates, selectedSeatId, colorBy = 'section', onSeatActivate, describeSeat } = props;
  const maxHeight = props.maxHeight ?? 480;
  const scrollRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const tooltipId = useId();
  // Only the width is state (the fit zoom follows it); the height is read when drawing.
  const [viewport, setViewport] = useState({ width: 0 });
  const [zoom, setZoom] = useState<number | null>(null); // null: fit the width
  const [hovered, setHovered] = useState<SeatPosition | null>(null);
  const [focused, setFocused] = useState<SeatPosition | null>(null);
  const [hasFocus, setHasFocus] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [scroll, setScroll] = useState({ x: 0, y: 0 });

  const cell = zoom ?? (viewport.width > 0 ? fitCell(sections, layoutConfig, viewport.width) : METRICS.maxCell);
  const layout: SeatLayout<SeatMapSection> = useMemo(
    () => computeSeatLayout(sections, layoutConfig, geometryFor(cell)),
    [sections, layoutConfig, cell],
  );
  const size = contentSize(layout, cell);
  const viewHeight = Math.max(120, Math.min(maxHeight, size.height));
  // A drawing narrower than the viewport is centred under it; ox is where x = 0 of the layout lands.
  const shiftX = Math.max(0, Math.floor((viewport.width - size.width) / 2));
  const ox = originX + shiftX;

  const stateOf = useMemo(() => {
    if (colorBy !== 'state') return null;
    return (sectionIndex: number, fila: number, numero: number): SeatState => {
      const id = seatId ? seatId(sectionIndex, fila, numero) : undefined;
      if (seatId && id === undefined) return 'unregistered';
      if (id !== undefined && id === selectedSeatId) return 'selected';
      return (id !== undefined ? seatStates?.get(id) : undefined) ?? 'available';
    };
  }, [colorBy, seatId, seatStates, selectedSeatId]);

  const info = useCallback(
    (p: SeatPosition): SeatInfo | null => {
      const s = layout.sections[p.sectionIndex];
      if (!s || p.fila > s.section.filas || p.numero > s.section.asientos_por_fila) return null;
      const codigo = seatCode(s, p.fila, p.numero);
      return {
        ...p,
        sectionCode: s.section.codigo,
        sectionName: s.section.nombre,
        codigo,
        displayCode: `${s.section.codigo}-${codigo}`,
        seatId: seatId?.(p.sectionIndex, p.fila, p.numero),
        state: stateOf ? stateOf(p.sectionIndex, p.fila, p.numero) : 'available',
      };
    },
    [layout, seatId, stateOf],
  );

  // A focus or hover on a seat that no longer exists (the layout changed) is dropped.
  const focusedSeat = focused ? info(focused) : null;
  const hoveredSeat = hovered ? info(hovered) : null;

  // Props, zoom, scroll or size changed: draw now, in this frame.
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const scroller = scrollRef.current;
    if (!canvas || !scroller || viewport.width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    const w = scroller.clientWidth;
    const h = scroller.clientHeight;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
      canvas.style.width = `${w}px`;
      canvas.style.height = `${h}px`;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    drawSeatMap(ctx, {
      layout,
      view: { width: w, height: h, scrollX: scroll.x, scrollY: scroll.y, shiftX, cell, dpr },
      stateOf,
      focused: focusedSeat,
      hovered: hoveredSeat,
      showFocus: hasFocus,
    });
  }, [layout, cell, stateOf, focusedSeat, hoveredSeat, hasFocus, viewport, viewHeight, scroll, shiftX]);

  // Width of the viewport (the map fits it until the user zooms) and the pixel ratio (moving windows between screens).
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    // Same width, same state object: no re-render (and no second draw) when only the height changed.
    const measure = () => setViewport((v) => (v.width === scroller.clientWidth ? v : { width: scroller.clientWidth }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    const media = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    media.addEventListener('change', measure);
    return () => {
      observer.disconnect();
      media.removeEventListener('change', measure);
    };
  }, []);

  const seatAtPointer = (e: PointerEvent<HTMLDivElement>): SeatPosition | null => {
    const scroller = scrollRef.current!;
    const rect = scroller.getBoundingClientRect();
    const x = e.clientX - rect.left + scroller.scrollLeft - ox;
    const y = e.clientY - rect.top + scroller.scrollTop - originY;
    return seatAtCell(layout, x / cell, y / cell);
  };

  const announce = (p: SeatPosition | null) => {
    const seat = p ? info(p) : null;
    if (!seat) return;
    const extra = describeSeat?.(seat);
    setAnnouncement(
      `Asiento ${seat.displayCode}, sección ${seat.sectionName}${colorBy === 'state' ? `, ${SEAT_STATE_STYLES[seat.state].label.toLowerCase()}` : ''}${extra ? `, ${extra}` : ''}`,
    );
  };

  const scrollIntoView = (p: SeatPosition) => {
    const scroller = scrollRef.current;
    const s = layout.sections[p.sectionIndex];
    if (!scroller || !s) return;
    const x = ox + (s.seatX + p.numero - 1) * cell;
    const y = originY + (s.seatY + p.fila - 1) * cell;
    if (x < scroller.scrollLeft + SCROLL_MARGIN) scroller.scrollLeft = x - SCROLL_MARGIN;
    else if (x + cell > scroller.scrollLeft + scroller.clientWidth - SCROLL_MARGIN)
      scroller.scrollLeft = x + cell - scroller.clientWidth + SCROLL_MARGIN;
    if (y < scroller.scrollTop + SCROLL_MARGIN) scroller.scrollTop = y - SCROLL_MARGIN - METRICS.header;
    else if (y + cell > scroller.scrollTop + scroller.clientHeight - SCROLL_MARGIN)
      scroller.scrollTop = y + cell - scroller.clientHeight + SCROLL_MARGIN;
  };

  const focusSeat = (p: SeatPosition | null) => {
    if (!p) return;
    setFocused(p);
    setHovered(null);
    scrollIntoView(p);
    announce(p);
  };

  const activate = (p: SeatPosition | null) => {
    const seat = p ? info(p) : null;
    if (seat && onSeatActivate) onSeatActivate(seat);
  };

  const zoomBy = (factor: number) => {
    const next = factor > 1 ? Math.max(cell + 1, Math.round(cell * factor)) : Math.min(cell - 1, Math.round(cell * factor));
    setZoom(Math.max(METRICS.minCell, Math.min(METRICS.maxCell * 2, next)));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = focusedSeat ?? firstSeat(layout);
    const dirs: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
    if (e.key in dirs) {
      e.preventDefault();
      if (!current) return;
      focusSeat(focusedSeat ? (moveSeat(layout, current, dirs[e.key]) ?? current) : current);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      if (current) focusSeat(rowEdge(layout, current, e.key === 'Home' ? 'start' : 'end'));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (focusedSeat) activate(focusedSeat);
      else focusSeat(current);
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      zoomBy(ZOOM_STEP);
    } else if (e.key === '-') {
      e.preventDefault();
      zoomBy(1 / ZOOM_STEP);
    }
  };

  // Tooltip: the hovered seat, else the keyboard-focused one.
  const tipSeat = hoveredSeat ?? (hasFocus ? focusedSeat : null);
  const tip = (() => {
    if (!tipSeat) return null;
    const s = layout.sections[tipSeat.sectionIndex];
    const x = ox + (s.seatX + tipSeat.numero - 0.5) * cell - scroll.x;
    const y = originY + (s.seatY + tipSeat.fila - 1) * cell - scroll.y;
    const extra = describeSeat?.(tipSeat);
    return {
      left: Math.max(40, Math.min(viewport.width - 40, x)),
      top: y,
      text: tipSeat.displayCode,
      detail: [colorBy === 'state' ? SEAT_STATE_STYLES[tipSeat.state].label : null, extra].filter(Boolean).join(' · '),
    };
  })();

  return (
    <div className="seat-map" data-testid={props.testId}>
      <div className="seat-map__toolbar">
        <Button variant="ghost" size="sm" onClick={() => zoomBy(1 / ZOOM_STEP)} aria-label="Alejar">
          −
        </Button>
        <Button variant="ghost" size="sm" onClick={() => zoomBy(ZOOM_STEP)} aria-label="Acercar">
          +
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setZoom(null)} disabled={zoom === null}>
          Ajustar
        </Button>
        <span className="seat-map__hint">Flechas para recorrer los asientos</span>
      </div>
      <div className="seat-map__viewport" style={{ height: viewHeight }}>
        <canvas ref={canvasRef} className="seat-map__canvas" aria-hidden="true" />
        <div
          ref={scrollRef}
          className="seat-map__scroller"
          tabIndex={0}
          role="application"
          aria-roledescription="mapa de asientos"
          aria-label={props.label}
          aria-describedby={tip ? tooltipId : undefined}
          data-testid="seat-map-focus"
          onScroll={(e) => setScroll({ x: e.currentTarget.scrollLeft, y: e.currentTarget.scrollTop })}
          onKeyDown={onKeyDown}
          onFocus={() => {
            setHasFocus(true);
            // No scrolling here: a click focuses too, and must not jump to the first seat.
            const start = focusedSeat ?? firstSeat(layout);
            if (!focusedSeat) setFocused(start);
            announce(start);
          }}
          onBlur={() => setHasFocus(false)}
          onPointerMove={(e) => {
            if (e.pointerType !== 'mouse') return;
            const p = seatAtPointer(e);
            if (!samePosition(p, hoveredSeat)) setHovered(p);
          }}
          onPointerLeave={() => setHovered(null)}
          onClick={(e) => {
            const p = seatAtPointer(e as unknown as PointerEvent<HTMLDivElement>);
            if (!p) return;
            setFocused(p);
            announce(p);
            activate(p);
          }}
        >
          <div style={{ width: size.width, height: size.height }} />
        </div>
        {tip ? (
          <div
            className="seat-map__tooltip"
            role="tooltip"
            id={tooltipId}
            style={{ left: tip.left, top: tip.top }}
            data-testid="seat-tooltip"
          >
            <strong>{tip.text}</strong>
            {tip.detail ? <span>{tip.detail}</span> : null}
          </div>
        ) : null}
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="seat-announcement">
        {announcement}
      </p>
    </div>
  );
}
