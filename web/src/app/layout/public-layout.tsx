import { Link, Outlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { authState } from '../../lib/auth';
import { configState, governmentName } from '../../lib/config';
import { Brand } from './brand';

/** Public pages: no admin navigation. */
export function PublicLayout() {
  const { token } = useSnapshot(authState);
  const { municipio } = useSnapshot(configState);
  return (
    <div className="public">
      <header className="public-header">
        <div className="public-header__inner">
          <Brand to="/eventos" />
          {token ? (
            <Link className="btn btn--ghost btn--sm" to="/dashboard">
              Panel Principal
            </Link>
          ) : (
            <Link className="btn btn--ghost btn--sm" to="/login">
              Acceso para personal
            </Link>
          )}
        </div>
      </header>
      <main className="public__main">
        <Outlet />
      </main>
      <footer className="public-footer">
        <p>
          © {new Date().getFullYear()} {governmentName(municipio)}
        </p>
      </footer>
    </div>
  );
}
