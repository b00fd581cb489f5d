/** An instant as the wire writes it (ISO 8601, UTC, milliseconds: what JSON.stringify writes of a Date), or null. */
export const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined ? null : new Date(d).toISOString();
