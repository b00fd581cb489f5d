import type { ReactNode } from 'react';

/** One label and its value in a `details` list. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="details__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A record's details as label–value rows (view and details modals). */
export function DetailsList({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="details">
      {rows.map(([label, value]) => (
        <DetailRow key={label} label={label}>
          {value}
        </DetailRow>
      ))}
    </dl>
  );
}
