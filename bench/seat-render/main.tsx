// Bench-only page (built by bench/seat-render.mjs into a temporary folder, never part of the product):
// mounts the product's canvas SeatMap or the one-element-per-seat DomSeatMap and times it.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { SEAT_STATES, SeatLegend, SeatMap, type SeatMapSection, type SeatState } from '../../web/src/components/seat-map';
import { DomSeatMap } from './dom-seat-map';

const COLORS = ['#3B82F6', '#10B981', '#F59E0B', '#EF4444'];

/** 2,000 seats: 2 sections of 20 × 50; 20,000: 4 sections of 100 × 50 (layout '2,2'). */
function spaceOf(seats: number): SeatMapSection[] {
  const count = seats >= 20_000 ? 4 : 2;
  const filas = seats / count / 50;
  return Array.from({ length: count }, (_, i) => ({
    nombre: `Tribuna ${String.fromCharCode(65 + i)}`,
    codigo: String.fromCharCode(65 + i),
    color: COLORS[i],
    filas,
    asientos_por_fila: 50,
  }));
}

const root = createRoot(document.getElementById('root')!);
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Seat ids: the running index over the sections (section by section, row-major). */
function seatIdOf(sections: SeatMapSection[]) {
  const first = sections.map((_, i) => sections.slice(0, i).reduce((n, x) => n + x.filas * x.asientos_por_fila, 0));
  return (si: number, fila: number, numero: number) => first[si] + (fila - 1) * sections[si].asientos_por_fila + (numero - 1);
}

/** The seating screen's viewport: the map scrolls inside it (web/src/features/seating/components/seating-page.tsx). */
const SCREEN_HEIGHT = 560;

function view(kind: 'canvas' | 'dom', seats: number, layoutConfig: string, seatStates?: Map<number, SeatState>, screen = false) {
  const sections = spaceOf(seats);
  if (screen) {
    // As the seating screen mounts it: half the seats held, colour by state, a 560 px viewport the map scrolls in.
    if (kind === 'dom')
      return (
        <div style={{ maxHeight: SCREEN_HEIGHT, overflow: 'auto' }}>
          <DomSeatMap sections={sections} layoutConfig={layoutConfig} seatStates={seatStates} />
        </div>
      );
    return (
      <SeatMap
        sections={sections}
        layoutConfig={layoutConfig}
        label="Bench"
        maxHeight={SCREEN_HEIGHT}
        seatId={seatIdOf(sections)}
        seatStates={seatStates}
        colorBy="state"
      />
    );
  }
  // The whole map in view (no viewport culling): every seat is drawn.
  if (kind === 'dom') return <DomSeatMap sections={sections} layoutConfig={layoutConfig} seatStates={seatStates} />;
  return seatStates ? (
    // As the seating screen passes them: the states map, a new seat-id function on each render, colour by state.
    <SeatMap
      sections={sections}
      layoutConfig={layoutConfig}
      label="Bench"
      maxHeight={100_000}
      seatId={seatIdOf(sections)}
      seatStates={seatStates}
      colorBy="state"
    />
  ) : (
    <SeatMap sections={sections} layoutConfig={layoutConfig} label="Bench" maxHeight={100_000} />
  );
}

/** Half the seats held (pendiente / confirmado), as a map being filled. */
function heldStates(seats: number): Map<number, SeatState> {
  const m = new Map<number, SeatState>();
  for (let id = 0; id < seats; id += 2) m.set(id, id % 4 ? 'confirmado' : 'pendiente');
  return m;
}

/** Time of one synchronous render (React + draw or DOM + style and layout), and until the next frame painted. */
async function timed(render: () => void): Promise<{ sync: number; frame: number }> {
  const t0 = performance.now();
  flushSync(render);
  void document.body.offsetHeight;
  const sync = performance.now() - t0;
  await afterPaint();
  return { sync, frame: performance.now() - t0 };
}

declare global {
  interface Window {
    bench: {
      mount(kind: 'canvas' | 'dom', seats: number, screen?: boolean): Promise<{ sync: number; frame: number }>;
      relayout(kind: 'canvas' | 'dom', seats: number, layoutConfig: string): Promise<{ sync: number; frame: number }>;
      seatChange(kind: 'canvas' | 'dom', seats: number): Promise<{ sync: number; frame: number }>;
      shell(): Promise<void>;
      drawnSeats(): number;
      states(cell: number): void;
    };
  }
}

window.bench = {
  async mount(kind, seats, screen = false) {
    flushSync(() => root.render(null));
    await afterPaint();
    const states = screen ? heldStates(seats) : undefined;
    return timed(() => root.render(view(kind, seats, '2,2', states, screen)));
  },
  /** Typing in 'Organización de Secciones': the same map, a new layout. */
  async relayout(kind, seats, layoutConfig) {
    return timed(() => root.render(view(kind, seats, layoutConfig)));
  },
  /** A pushed seat change on a map half full: one free seat becomes pendiente (the store's map, patched in place). */
  async seatChange(kind, seats) {
    const states = heldStates(seats);
    flushSync(() => root.render(view(kind, seats, '2,2', states)));
    await afterPaint();
    const next = new Map(states);
    next.set(seats - 1 - ((seats - 1) % 2 ? 0 : 1), 'pendiente');
    return timed(() => root.render(view(kind, seats, '2,2', next)));
  },
  /** A page that has just opened, as the seating screen before its map: React has rendered the shell (title, legend, text in the app's font). */
  async shell() {
    flushSync(() =>
      root.render(
        <div>
          <h1>Asignación de asientos</h1>
          <p>20,000 asientos totales | 10,000 asignados</p>
          <SeatLegend states={SEAT_STATES} />
        </div>,
      ),
    );
    await afterPaint();
  },
  drawnSeats() {
    return document.querySelectorAll('button[title]').length;
  },
  /** Not timed: the seat states with their colours and marks, for a look (legend included). */
  states(cell) {
    const sections = spaceOf(2000).map((s) => ({ ...s, filas: 4, asientos_por_fila: 12 }));
    const states: SeatState[] = ['pendiente', 'confirmado', 'asistio', 'assigned'];
    const seatStates = new Map<number, SeatState>();
    for (let id = 0; id < 96; id++) if (id % 3 === 0) seatStates.set(id, states[(id / 3) % 4]);
    const seatId = (si: number, fila: number, numero: number) =>
      si === 1 && fila === 4 && numero > 9 ? undefined : si * 48 + (fila - 1) * 12 + numero - 1;
    flushSync(() =>
      root.render(
        <div style={{ width: cell > 20 ? 900 : 500 }}>
          <SeatMap
            sections={sections}
            layoutConfig="2"
            label="Estados"
            colorBy="state"
            seatId={seatId}
            seatStates={seatStates}
            selectedSeatId={4}
          />
          <SeatLegend states={SEAT_STATES} />
        </div>,
      ),
    );
  },
};
document.body.dataset.ready = '1';
