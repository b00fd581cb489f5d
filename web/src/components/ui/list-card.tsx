import type { ReactNode } from 'react';
import type { LoadState } from '../../lib/loader';
import { Alert } from './alert';
import { Spinner } from './spinner';
import { Card } from './card';

/**
 * A list page's card: its heading with the count once loaded, the load error, then while the first load runs a
 * spinner saying `loadingLabel` ('Cargando eventos…') or the `pending` placeholder, and the list (`children`) once
 * it has loaded.
 */
export function ListCard({
  title,
  count,
  state: { loading, loaded, error },
  loadingLabel,
  pending = <Spinner label={loadingLabel} />,
  children,
}: {
  title: string;
  count: number;
  state: LoadState;
  children: ReactNode;
} & ({ loadingLabel: string; pending?: undefined } | { loadingLabel?: undefined; pending: ReactNode })) {
  return (
    <Card title={title} aside={loaded ? <span className="counter">{count}</span> : null}>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {loading && !loaded ? pending : loaded ? children : null}
    </Card>
  );
}
