/** An instant as the wire writes it (ISO 8601, UTC, milliseconds: what JSON.stringify writes of a Date), or null. */
export const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined ? null : new Date(d).toISOString();

/** A record's creation and last change (an entity's TimestampColumns) as the responses write them. */
export const wireTimestamps = (r: { createdAt: Date; updatedAt: Date }): { created_at: string; updated_at: string } => ({
  created_at: iso(r.createdAt)!,
  updated_at: iso(r.updatedAt)!,
});
