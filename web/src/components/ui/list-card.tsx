import { useId, type ReactNode } from 'react';
import type { LoadState } from '../../lib/loader';
import { Alert } from './alert';
import { PlusIcon } from './icons';
import { Spinner } from './spinner';
import { Button } from './button';

/**
 * A list page's card: its heading with the count once loaded, the load error, then while the first load runs a
 * spinner saying `loadingLabel` ('Cargando eventos…') or the `pending` placeholder, and the list (`children`) once
 * it has loaded. The heading names the card (`aria-labelledby`), by `titleId` when given, else by a generated id.
 */
export function ListCard({
  titleId,
  title,
  count,
  state: { loading, loaded, error },
  loadingLabel,
  pending = <Spinner label={loadingLabel} />,
  children,
}: {
  titleId?: string;
  title: string;
  count: number;
  state: LoadState;
  children: ReactNode;
} & ({ loadingLabel: string; pending?: undefined } | { loadingLabel?: undefined; pending: ReactNode })) {
  const generatedId = useId();
  const headingId = titleId ?? generatedId;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card__header">
        <h2 className="card__title" id={headingId}>
          {title}
        </h2>
        {loaded ? <span className="counter">{count}</span> : null}
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {loading && !loaded ? pending : loaded ? children : null}
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
    <Button variant="primary" onClick={onClick} disabled={disabled} data-testid={testId}>
      <PlusIcon size={18} /> {label}
    </Button>
  );
}
