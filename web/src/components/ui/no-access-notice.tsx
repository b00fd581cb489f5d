import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from './alert';
import { PageHeader } from './page-header';

/** A screen the signed-in user may not use: its title, why, and the way back to the dashboard. */
export function NoAccessNotice({ title, testId = 'no-access', children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <div data-testid={testId}>
      <PageHeader title={title} />
      <Alert kind="warning">{children}</Alert>
      <p>
        <Link className="btn btn--ghost" to="/dashboard">
          Volver al Panel Principal
        </Link>
      </p>
    </div>
  );
}
