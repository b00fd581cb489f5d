/**
 * The one seat-label engine (spec 2 §9, spec 3 §2.8, §9): how the sections of a space are arranged in
 * layout rows, which row letter and seat number each seat gets, and where each section is drawn.
 * Pure and deterministic: the API writes seat codes with it, the web draws the preview and the
 * seating map with it. No framework imports (the web reaches it through its `@shared` alias).
 */

/** What the engine needs of a section (the wire's Sección has more). */
export interface SeatLayoutSectionInput {
  codigo: string;
  filas: number;
  asientos_por_fila: number;
}

/** Sections per layout row when `layout_config` is empty or invalid (spec 3 §9). */
export const DEFAULT_SECTIONS_PER_ROW = 2;

/**
 * Sections per layout row: '3,2' → [3, 2]. Every part must be a whole number ≥ 1 (spaces around
 * the commas are fine); anything else — empty, letters, zero, '3,,2' — falls back to two per row.
 * Sections beyond the sum continue in rows of two; rows beyond the sections are dropped.
 */
export function layoutRowSizes(layoutConfig: string | null | undefined, sectionCount: number): number[] {
  const parsed = parseLayoutConfig(layoutConfig);
  const sizes: number[] = [];
  let placed = 0;
  for (const size of parsed ?? []) {
    if (placed >= sectionCount) break;
    const take = Math.min(size, sectionCount - placed);
    sizes.push(take);
    placed += take;
  }
  while (placed < sectionCount) {
    const take = Math.min(DEFAULT_SECTIONS_PER_ROW, sectionCount - placed);
    sizes.push(take);
    placed += take;
  }
  return sizes;
}

/** The numbers of a valid `layout_config`, or null when it is empty or invalid. */
export function parseLayoutConfig(layoutConfig: string | null | undefined): number[] | null {
  if (typeof layoutConfig !== 'string' || layoutConfig.trim() === '') return null;
  const parts = layoutConfig.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d{1,4}$/.test(p) && Number(p) >= 1)) return null;
  return parts.map(Number);
}

/** Row letters: 0 → A … 25 → Z, 26 → AA, 27 → AB … 51 → AZ, 52 → BA … (bijective base 26). */
export function rowLetter(index: number): string {
  let n = Math.floor(index) + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * Drawing units: one seat is a 1 × 1 cell. A section box has a header (name and totals) above its
 * seats and a column of row letters on its left; boxes are separated by gaps. The renderer scales
 * cells to pixels.
 */
export interface SeatGeometryOptions {
  headerCells: number;
  letterCells: number;
  gapXCells: number;
  gapYCells: number;
}

export const DEFAULT_GEOMETRY: SeatGeometryOptions = { headerCells: 2.5, letterCells: 1.6, gapXCells: 2, gapYCells: 2 };

export interface LaidOutSection<S extends SeatLayoutSectionInput = SeatLayoutSectionInput> {
  section: S;
  /** Position of the section in the input list. */
  index: number;
  /** Layout row it sits in, and its position in that row. */
  layoutRow: number;
  column: number;
  /** Row letter index of its first row (offset by the tallest section of each layout row above). */
  rowOffset: number;
  /** Added to its own seat number 1…asientos_por_fila (seats of the sections to its left in the row). */
  numberOffset: number;
  capacity: number;
  /** The box, in cells: x, y of its top-left corner, its size; seatX, seatY where seat (1, 1) starts. */
  x: number;
  y: number;
  width: number;
  height: number;
  seatX: number;
  seatY: number;
}

export interface SeatLayout<S extends SeatLayoutSectionInput = SeatLayoutSectionInput> {
  sections: Array<LaidOutSection<S>>;
  /** Sections of each layout row, by index in `sections`. */
  rows: number[][];
  capacity: number;
  /** Size of the whole drawing, in cells. */
  width: number;
  height: number;
  geometry: SeatGeometryOptions;
}

/**
 * Arranges sections in layout rows (in the given order), numbers them and places their boxes.
 * Each layout row is centred horizontally in the drawing.
 */
export function computeSeatLayout<S extends SeatLayoutSectionInput>(
  sections: readonly S[],
  layoutConfig: string | null | undefined,
  geometry: SeatGeometryOptions = DEFAULT_GEOMETRY,
): SeatLayout<S> {
  const sizes = layoutRowSizes(layoutConfig, sections.length);
  const laid: Array<LaidOutSection<S>> = [];
  const rows: number[][] = [];
  const rowWidths: number[] = [];
  let next = 0;
  let rowOffset = 0;
  let y = 0;
  let capacity = 0;
  sizes.forEach((size, layoutRow) => {
    const members: number[] = [];
    let numberOffset = 0;
    let x = 0;
    let tallest = 0;
    let tallestBox = 0;
    for (let column = 0; column < size; column++, next++) {
      const section = sections[next];
      const filas = Math.max(0, Math.floor(section.filas));
      const perRow = Math.max(0, Math.floor(section.asientos_por_fila));
      const width = geometry.letterCells + perRow;
      const height = geometry.headerCells + filas;
      laid.push({
        section,
        index: next,
        layoutRow,
        column,
        rowOffset,
        numberOffset,
        capacity: filas * perRow,
        x,
        y,
        width,
        height,
        seatX: x + geometry.letterCells,
        seatY: y + geometry.headerCells,
      });
      members.push(laid.length - 1);
      capacity += filas * perRow;
      numberOffset += perRow;
      x += width + geometry.gapXCells;
      tallest = Math.max(tallest, filas);
      tallestBox = Math.max(tallestBox, height);
    }
    rows.push(members);
    rowWidths.push(Math.max(0, x - geometry.gapXCells));
    rowOffset += tallest;
    y += tallestBox + geometry.gapYCells;
  });
  const width = Math.max(0, ...rowWidths);
  rows.forEach((members, r) => {
    const shift = (width - rowWidths[r]) / 2;
    for (const i of members) {
      laid[i].x += shift;
      laid[i].seatX += shift;
    }
  });
  return { sections: laid, rows, capacity, width, height: Math.max(0, y - geometry.gapYCells), geometry };
}

/** Row letter and seat number of seat (fila, numero) — both 1-based inside its section. */
export function seatLabelParts(s: LaidOutSection, fila: number, numero: number): { rowLetter: string; seatNumber: number } {
  return { rowLetter: rowLetter(s.rowOffset + fila - 1), seatNumber: s.numberOffset + numero };
}

/** The stored seat code (spec 2 §9): row letter, '-', seat number, e.g. 'C-14'. */
export function seatCode(s: LaidOutSection, fila: number, numero: number): string {
  const { rowLetter: letter, seatNumber } = seatLabelParts(s, fila, numero);
  return `${letter}-${seatNumber}`;
}

/** The tooltip / wire displayCode: sectionCode-rowLetter-seatNumber, e.g. 'VIP-C-14'. */
export function seatDisplayCode(s: LaidOutSection, fila: number, numero: number): string {
  return `${s.section.codigo}-${seatCode(s, fila, numero)}`;
}

export interface LabelledSeat {
  /** Index of its section in the input list. */
  sectionIndex: number;
  sectionCode: string;
  fila: number;
  numero: number;
  codigo: string;
  displayCode: string;
}

/** Every seat of a layout, section by section, row by row, seat by seat. */
export function listSeats(layout: SeatLayout): LabelledSeat[] {
  const out: LabelledSeat[] = [];
  for (const s of layout.sections) {
    const filas = Math.floor(s.section.filas);
    const perRow = Math.floor(s.section.asientos_por_fila);
    for (let fila = 1; fila <= filas; fila++) {
      const letter = rowLetter(s.rowOffset + fila - 1);
      for (let numero = 1; numero <= perRow; numero++) {
        const codigo = `${letter}-${s.numberOffset + numero}`;
        out.push({
          sectionIndex: s.index,
          sectionCode: s.section.codigo,
          fila,
          numero,
          codigo,
          displayCode: `${s.section.codigo}-${codigo}`,
        });
      }
    }
  }
  return out;
}

/** The section and seat under a point given in cells, or null (for hover and click). */
export function seatAtCell(layout: SeatLayout, cx: number, cy: number): { sectionIndex: number; fila: number; numero: number } | null {
  for (const s of layout.sections) {
    const col = Math.floor(cx - s.seatX);
    const row = Math.floor(cy - s.seatY);
    if (col >= 0 && row >= 0 && col < s.section.asientos_por_fila && row < s.section.filas) {
      return { sectionIndex: s.index, fila: row + 1, numero: col + 1 };
    }
  }
  return null;
}
