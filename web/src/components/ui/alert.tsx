import type { ReactNode } from 'react';

export function Alert({
  kind,
  children,
  testId,
}: {
  kind: 'success' | 'error' | 'info' | 'warning';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}
