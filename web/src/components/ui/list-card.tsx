import type { ReactNode } from 'react';
import { Alert } from './alert';
import { PlusIcon } from './icons';

/** A list page's card: its heading with the count once loaded (`count` null until then), a load error, then the list. */
export function ListCard({
  titleId,
  title,
  count,
  error,
  children,
}: {
  titleId: string;
  title: string;
  count: number | null;
  error: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card__header">
        <h2 className="card__title" id={titleId}>
          {title}
        </h2>
        {count !== null ? <span className="counter">{count}</span> : null}
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {children}
    </section>
  );
}

/** A page header's primary button that opens the create form. */
export function CreateButton({
  label,
  onClick,
  disabled,
  testId,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <button type="button" className="btn btn--primary" onClick={onClick} disabled={disabled} data-testid={testId}>
      <PlusIcon size={18} /> {label}
    </button>
  );
}
