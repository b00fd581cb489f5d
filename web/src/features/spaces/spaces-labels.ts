import { SECTION_COLORS } from '@shared/contracts/spaces.contract';

export const formatCount = (n: number) => n.toLocaleString('es-MX');

/** '{secciones_count} secciones · {capacidad_total} asientos totales' (spec 3 §2.8). */
export const spaceSummary = (secciones: number, capacidad: number) => `${secciones} secciones · ${formatCount(capacidad)} asientos totales`;

/** 'N filas × M asientos = total' (spec 3 §2.8). */
export const sectionSummary = (filas: number, asientos: number) =>
  `${filas} filas × ${asientos} asientos = ${formatCount(filas * asientos)}`;

/** A new section's colour: one of the six of spec 3 §9 at random, preferring one the other sections do not use. */
export function randomSectionColor(used: readonly string[] = []): string {
  const free = SECTION_COLORS.filter((c) => !used.includes(c));
  const pool = free.length ? free : SECTION_COLORS;
  return pool[Math.floor(Math.random() * pool.length)];
}
