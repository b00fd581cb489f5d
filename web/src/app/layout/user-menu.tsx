import { useEffect, useId, useRef, useState } from 'react';
import type { SessionUser } from '../../lib/auth';
import { Link } from 'react-router-dom';
import { EmailText } from '../../components/ui/email-text';
import type { NavLink } from '../screens';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts[0]?.[0] ?? '?').concat(parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '').toUpperCase();
}

export function Avatar({ name }: { name: string }) {
  return (
    // The initials are drawn by CSS (::before), so they are not part of the trigger's visible text: the
    // button's name ("<name>: menú de usuario") then starts with all the text it shows (WCAG 2.5.3).
    <span className="avatar" aria-hidden="true" data-initials={initials(name)} />
  );
}

/** The user dropdown of spec 1 §2.2: name, e-mail, the person's own screens and the integration tools (Tokens de API, Webhooks) and Cerrar Sesión. */
export function UserMenu({ user, links, onLogout }: { user: SessionUser | null; links: readonly NavLink[]; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) {
    return (
      <div className="user-menu user-menu--loading" aria-hidden="true">
        <span className="avatar avatar--skeleton" />
        <span className="skeleton" style={{ width: '7rem', height: '0.9rem' }} />
      </div>
    );
  }

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        type="button"
        className="user-menu__trigger"
        aria-haspopup="true"
        aria-label={`${user.name}: menú de usuario`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        data-testid="user-menu-trigger"
      >
        <Avatar name={user.name} />
        <span className="user-menu__name">{user.name}</span>
        <span className={`chevron ${open ? 'chevron--up' : ''}`} aria-hidden="true" />
      </button>
      {open ? (
        <div className="user-menu__panel" id={menuId} data-testid="user-menu">
          <div className="user-menu__identity">
            <p className="user-menu__panel-name">{user.name}</p>
            <p className="user-menu__panel-email">
              <EmailText email={user.email} />
            </p>
          </div>
          {links.map((link) => (
            <Link key={link.to} to={link.to} className="user-menu__link" onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          ))}
          <button type="button" className="user-menu__logout" onClick={onLogout} data-testid="logout-button">
            Cerrar Sesión
          </button>
        </div>
      ) : null}
    </div>
  );
}
