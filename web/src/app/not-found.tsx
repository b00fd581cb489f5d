import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { authState } from '../lib/auth';
import { useDocumentTitle } from '../lib/config';

export function NotFoundPage() {
  useDocumentTitle('Página no encontrada');
  const { token } = useSnapshot(authState);
  return (
    <section className="not-found" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">Página no encontrada</h1>
      <p className="not-found__text">La página que buscas no existe o fue movida.</p>
      <div className="not-found__actions">
        <Link className="btn btn--primary" to="/eventos">
          Ver eventos
        </Link>
        {token ? (
          <Link className="btn btn--ghost" to="/dashboard">
            Ir al Panel Principal
          </Link>
        ) : (
          <Link className="btn btn--ghost" to="/login">
            Iniciar Sesión
          </Link>
        )}
      </div>
    </section>
  );
}
