import { useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { logout, useSession } from '../../lib/auth';
import { configState, governmentName } from '../../lib/config';
import { accountLinksFor, inNavSection, navLinksFor } from '../screens';
import { CloseIcon, LockIcon, MenuIcon } from '../../components/ui/icons';
import { Brand } from './brand';
import { Avatar, UserMenu } from './user-menu';
import { EmailText } from '../../components/ui/email-text';
import { MainContent, SkipLink } from './skip-link';
import './admin-layout.css';

/** Admin screens: top navigation (spec 1 §2.2), a collapsible menu on small screens, audit footer. */
export function AdminLayout() {
  const { user } = useSession();
  const { municipio } = useSnapshot(configState);
  const navigate = useNavigate();
  const location = useLocation();
  const [menu, setMenu] = useState<{ open: boolean; path: string }>({ open: false, path: location.pathname });
  // The mobile menu closes itself when the route changes.
  const mobileOpen = menu.open && menu.path === location.pathname;
  const links = navLinksFor(user);
  const accountLinks = accountLinksFor(user);

  const handleLogout = async () => {
    setMenu({ open: false, path: location.pathname });
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <div className="admin">
      <SkipLink />
      <header className="topbar">
        <div className="topbar__inner">
          <Brand to="/dashboard" inverted />
          <nav className="topnav" aria-label="Navegación principal">
            {links.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                className={({ isActive }) =>
                  `topnav__link ${isActive || inNavSection(link, location.pathname) ? 'topnav__link--active' : ''}`
                }
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="topbar__user">
            <UserMenu user={user} links={accountLinks} onLogout={handleLogout} />
          </div>
          <button
            type="button"
            className="topbar__burger"
            aria-expanded={mobileOpen}
            aria-controls="menu-movil"
            aria-label={mobileOpen ? 'Cerrar menú' : 'Abrir menú'}
            onClick={() => setMenu({ open: !mobileOpen, path: location.pathname })}
            data-testid="mobile-menu-toggle"
          >
            {mobileOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
          </button>
        </div>
        {mobileOpen ? (
          <div className="mobile-menu" id="menu-movil" data-testid="mobile-menu">
            <nav aria-label="Navegación móvil">
              {links.map((link) => (
                <NavLink
                  key={link.to}
                  to={link.to}
                  className={({ isActive }) =>
                    `mobile-menu__link ${isActive || inNavSection(link, location.pathname) ? 'mobile-menu__link--active' : ''}`
                  }
                >
                  {link.label}
                </NavLink>
              ))}
            </nav>
            {user ? (
              <div className="mobile-menu__user">
                <Avatar name={user.name} />
                <div>
                  <p className="mobile-menu__name">{user.name}</p>
                  <p className="mobile-menu__email">
                    <EmailText email={user.email} />
                  </p>
                </div>
              </div>
            ) : null}
            <nav aria-label="Tu cuenta">
              {accountLinks.map((link) => (
                <NavLink
                  key={link.to}
                  to={link.to}
                  className={({ isActive }) => `mobile-menu__link ${isActive ? 'mobile-menu__link--active' : ''}`}
                >
                  {link.label}
                </NavLink>
              ))}
            </nav>
            <button type="button" className="mobile-menu__logout" onClick={handleLogout}>
              Cerrar Sesión
            </button>
          </div>
        ) : null}
      </header>
      <MainContent className="admin__main" />
      <footer className="admin-footer">
        <p className="admin-footer__audit">
          <LockIcon size={15} /> Todas las acciones realizadas en esta plataforma quedan registradas para fines de auditoría.
        </p>
        <p className="admin-footer__copy">
          © {new Date().getFullYear()} {governmentName(municipio)} · Aforo
        </p>
      </footer>
    </div>
  );
}
