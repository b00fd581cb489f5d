// Bench-only baseline (never in the product build): the seat map drawn the naive way, one element per
// seat (a button with its number and a title tooltip), row letters and section headers as elements, laid
// out with flexbox. Labels come from the same engine as the canvas renderer.
import { computeSeatLayout, rowLetter, seatCode } from '@shared/rules/seat-layout';
import type { SeatMapSection } from '../../web/src/components/seat-map';

const CELL = 12;

/** Colours of held seats (the product's seating states), for the seat-change case. */
const STATE_COLOR: Record<string, string> = { pendiente: '#EAB308', confirmado: '#16A34A', asistio: '#7C3AED', assigned: '#16A34A' };

export function DomSeatMap({
  sections,
  layoutConfig,
  seatStates,
}: {
  sections: readonly SeatMapSection[];
  layoutConfig: string;
  /** By seat id = the seat's running index over the sections in layout order (as main.tsx numbers them). */
  seatStates?: ReadonlyMap<number, string>;
}) {
  const layout = computeSeatLayout(sections, layoutConfig);
  const firstId = (i: number) => sections.slice(0, i).reduce((n, x) => n + x.filas * x.asientos_por_fila, 0);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 16 }}>
      <div style={{ background: '#374151', color: '#fff', padding: 8, alignSelf: 'stretch', textAlign: 'center' }}>ESCENARIO / FRENTE</div>
      {layout.rows.map((members, r) => (
        <div key={r} style={{ display: 'flex', gap: 18 }}>
          {members.map((i) => {
            const s = layout.sections[i];
            const sec = s.section;
            return (
              <div key={i} style={{ border: `1px solid ${sec.color}66`, padding: 4 }}>
                <div style={{ fontSize: 12, fontWeight: 600 }}>
                  {sec.nombre} ({sec.codigo})
                </div>
                <div style={{ fontSize: 11 }}>
                  {sec.filas} filas × {sec.asientos_por_fila} asientos = {sec.filas * sec.asientos_por_fila}
                </div>
                {Array.from({ length: sec.filas }, (_, f) => (
                  <div key={f} style={{ display: 'flex', alignItems: 'center' }}>
                    <span style={{ width: 22, fontSize: 10, textAlign: 'center' }}>{rowLetter(s.rowOffset + f)}</span>
                    {Array.from({ length: sec.asientos_por_fila }, (_, n) => (
                      <button
                        key={n}
                        type="button"
                        title={`${sec.codigo}-${seatCode(s, f + 1, n + 1)}`}
                        style={{
                          width: CELL - 2,
                          height: CELL - 2,
                          margin: 1,
                          padding: 0,
                          border: 0,
                          borderRadius: 2,
                          background: STATE_COLOR[seatStates?.get(firstId(i) + f * sec.asientos_por_fila + n) ?? ''] ?? sec.color,
                          color: '#fff',
                          fontSize: 6,
                          lineHeight: `${CELL - 2}px`,
                        }}
                      >
                        {s.numberOffset + n + 1}
                      </button>
                    ))}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
