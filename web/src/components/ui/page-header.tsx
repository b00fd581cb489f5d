import type { ReactNode } from 'react';
import { LiveIndicator } from './live-indicator';

/** A page's title and subtitle, with its actions; `room`, when given, puts the room's live indicator first among them. */
export function PageHeader({ title, subtitle, room, actions }: { title: string; subtitle?: string; room?: string; actions?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h1 className="page-header__title">{title}</h1>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions || room ? (
        <div className="page-header__actions">
          {room ? <LiveIndicator room={room} /> : null}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
