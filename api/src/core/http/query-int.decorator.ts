import { Transform } from 'class-transformer';

/**
 * An integer in a query string: only plain decimal digits become a number ("2"); anything else ("0x2",
 * "1e1", " 2", "true") stays text and its @IsInt refuses it. Bodies take JSON numbers only (no decorator).
 */
export const QueryInt = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^(0|[1-9][0-9]{0,9})$/.test(value) ? Number(value) : value));
