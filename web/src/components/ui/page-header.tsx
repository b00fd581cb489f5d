import type { ReactNode } from 'react';
import { Button } from './button';
import { PlusIcon } from './icons';
import { LiveIndicator } from './live-indicator';

/** A page header's primary button that opens the create form. */
export interface CreateAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
}

/**
 * A page's title and subtitle, with its actions; `room`, when given, puts the room's live indicator first among them,
 * and `create` (left out, or `false` when the user may not create) puts the create button last.
 */
export function PageHeader({
  title,
  subtitle,
  room,
  actions,
  create,
}: {
  title: string;
  subtitle?: string;
  room?: string;
  actions?: ReactNode;
  create?: CreateAction | false;
}) {
  return (
    <div className="page-header">
      <div>
        <h1 className="page-header__title">{title}</h1>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions || room || create ? (
        <div className="page-header__actions">
          {room ? <LiveIndicator room={room} /> : null}
          {actions}
          {create ? (
            <Button variant="primary" onClick={create.onClick} disabled={create.disabled} data-testid={create.testId}>
              <PlusIcon size={18} /> {create.label}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
