import fc from 'fast-check';
import {
  computeSeatLayout,
  layoutRowSizes,
  listSeats,
  parseLayoutConfig,
  rowLetter,
  seatAtCell,
  seatCode,
  seatDisplayCode,
  type SeatLayoutSectionInput,
} from '../../api/src/shared/rules/seat-layout';

const section = (codigo: string, filas: number, asientos_por_fila: number): SeatLayoutSectionInput => ({
  codigo,
  filas,
  asientos_por_fila,
});

const sectionsArb = fc
  .array(fc.record({ filas: fc.integer({ min: 1, max: 30 }), asientos_por_fila: fc.integer({ min: 1, max: 30 }) }), {
    minLength: 1,
    maxLength: 12,
  })
  .map((list) => list.map((s, i) => ({ ...s, codigo: `S${i}` })));
const layoutArb = fc.oneof(
  fc.constant(''),
  fc.constant(null),
  fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 }).map((a) => a.join(',')),
  fc.string({ maxLength: 12 }),
);

describe('seat-label engine (spec 2 §9, spec 3 §2.8, §9)', () => {
  it('row letters run A–Z, then AA, AB … AZ, BA …', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(rowLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it("'3,2' means three sections on top and two below; empty or invalid means two per row", () => {
    expect(layoutRowSizes('3,2', 5)).toEqual([3, 2]);
    expect(layoutRowSizes(' 2 , 1 ', 3)).toEqual([2, 1]);
    expect(layoutRowSizes('', 5)).toEqual([2, 2, 1]);
    expect(layoutRowSizes(null, 3)).toEqual([2, 1]);
    for (const invalid of ['a', '3,,2', '0,2', '-1', '2.5', '3;2']) expect(layoutRowSizes(invalid, 4)).toEqual([2, 2]);
    // Sections beyond the layout continue two per row; rows beyond the sections are dropped.
    expect(layoutRowSizes('1', 4)).toEqual([1, 2, 1]);
    expect(layoutRowSizes('2,2,2', 3)).toEqual([2, 1]);
    expect(parseLayoutConfig('4, 1')).toEqual([4, 1]);
  });

  it('numbering continues across the sections of a layout row; rows are offset by the tallest section above', () => {
    // Row 1: A (3 × 4), B (5 × 2); row 2: C (2 × 3).
    const layout = computeSeatLayout([section('A', 3, 4), section('B', 5, 2), section('C', 2, 3)], '2,1');
    const [a, b, c] = layout.sections;
    expect(seatCode(a, 1, 1)).toBe('A-1');
    expect(seatCode(a, 3, 4)).toBe('C-4');
    expect(seatCode(b, 1, 1)).toBe('A-5');
    expect(seatCode(b, 5, 2)).toBe('E-6');
    // The tallest section of the first row has 5 rows: the second row starts at F.
    expect(seatCode(c, 1, 1)).toBe('F-1');
    expect(seatDisplayCode(c, 2, 3)).toBe('C-G-3');
    expect(layout.capacity).toBe(12 + 10 + 6);
  });

  it("the spec's example: a default section (5 × 10) twice in one row", () => {
    const layout = computeSeatLayout([section('P1', 5, 10), section('P2', 5, 10)], '');
    const seats = listSeats(layout);
    expect(seats).toHaveLength(100);
    expect(seats[0]).toEqual({ sectionIndex: 0, sectionCode: 'P1', fila: 1, numero: 1, codigo: 'A-1', displayCode: 'P1-A-1' });
    expect(seats.at(-1)).toEqual({ sectionIndex: 1, sectionCode: 'P2', fila: 5, numero: 10, codigo: 'E-20', displayCode: 'P2-E-20' });
  });

  it('labels are unique within a space and there is one seat per place (count = capacity)', () => {
    fc.assert(
      fc.property(sectionsArb, layoutArb, (sections, config) => {
        const layout = computeSeatLayout(sections, config);
        const seats = listSeats(layout);
        const capacity = sections.reduce((n, s) => n + s.filas * s.asientos_por_fila, 0);
        expect(layout.capacity).toBe(capacity);
        expect(seats).toHaveLength(capacity);
        expect(new Set(seats.map((s) => s.codigo)).size).toBe(capacity);
        expect(new Set(seats.map((s) => s.displayCode)).size).toBe(capacity);
        expect(new Set(seats.map((s) => `${s.sectionIndex}|${s.fila}|${s.numero}`)).size).toBe(capacity);
        expect(Math.max(...seats.map((s) => s.codigo.length))).toBeLessThanOrEqual(20);
      }),
    );
  });

  it('every section is placed once, in order, in the rows the layout asks for', () => {
    fc.assert(
      fc.property(sectionsArb, layoutArb, (sections, config) => {
        const layout = computeSeatLayout(sections, config);
        expect(layout.rows.flat()).toEqual(sections.map((_, i) => i));
        expect(layout.rows.map((r) => r.length)).toEqual(layoutRowSizes(config, sections.length));
        for (const s of layout.sections) {
          expect(s.x).toBeGreaterThanOrEqual(0);
          expect(s.x + s.width).toBeLessThanOrEqual(layout.width + 1e-9);
          expect(s.y + s.height).toBeLessThanOrEqual(layout.height + 1e-9);
        }
        // Boxes never overlap.
        for (const p of layout.sections)
          for (const q of layout.sections) {
            if (p === q) continue;
            const apart = p.x + p.width <= q.x || q.x + q.width <= p.x || p.y + p.height <= q.y || q.y + q.height <= p.y;
            expect(apart).toBe(true);
          }
      }),
    );
  });

  it('is stable: the same input gives the same labels and geometry (re-render), and the input is not changed', () => {
    fc.assert(
      fc.property(sectionsArb, layoutArb, (sections, config) => {
        const copy = structuredClone(sections);
        const first = computeSeatLayout(sections, config);
        const second = computeSeatLayout(copy, config);
        expect(
          listSeats(second)
            .map((s) => s.displayCode)
            .join(),
        ).toBe(
          listSeats(first)
            .map((s) => s.displayCode)
            .join(),
        );
        expect(second.sections.map(({ section: _s, ...g }) => g)).toEqual(first.sections.map(({ section: _s, ...g }) => g));
        expect(copy).toEqual(sections);
      }),
    );
  });

  it('a seat found by its drawing cell is the seat drawn there', () => {
    fc.assert(
      fc.property(sectionsArb, layoutArb, fc.nat(), (sections, config, pick) => {
        const layout = computeSeatLayout(sections, config);
        const seats = listSeats(layout);
        const seat = seats[pick % seats.length];
        const s = layout.sections[seat.sectionIndex];
        const hit = seatAtCell(layout, s.seatX + seat.numero - 0.5, s.seatY + seat.fila - 0.5);
        expect(hit).toEqual({ sectionIndex: seat.sectionIndex, fila: seat.fila, numero: seat.numero });
      }),
    );
  });

  it('a 100 × 100 section in a tall space reaches three-letter rows and still fits the stored code', () => {
    const sections = Array.from({ length: 8 }, (_, i) => section(`S${i}`, 100, 100));
    const seats = listSeats(computeSeatLayout(sections, '1,1,1,1,1,1,1,1'));
    expect(seats.at(-1)!.codigo).toBe(`${rowLetter(799)}-100`);
    expect(new Set(seats.map((s) => s.codigo)).size).toBe(80_000);
  });
});
