import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { authState } from '../../lib/auth';
import { configState, governmentName } from '../../lib/config';
import { Brand } from './brand';
import { MainContent, SkipLink } from './skip-link';
import './public-layout.css';

/** Public pages: no admin navigation; a footer with contact and privacy links (spec 1 §2.8). */
export function PublicLayout() {
  const { token } = useSnapshot(authState);
  const { municipio, contact_email, contact_phone } = useSnapshot(configState);
  return (
    <div className="public">
      <SkipLink />
      <header className="public-header">
        <div className="public-header__inner">
          <Brand to="/eventos" />
          {token ? (
            <Link className="btn btn--ghost btn--sm" to="/dashboard">
              Panel Principal
            </Link>
          ) : (
            <Link className="btn btn--ghost btn--sm public-header__staff" to="/login" aria-label="Acceso para personal">
              <span className="only-wide">Acceso para personal</span>
              <span className="only-narrow">Personal</span>
            </Link>
          )}
        </div>
      </header>
      <MainContent className="public__main" />
      <footer className="public-footer" data-testid="public-footer">
        <div className="public-footer__inner">
          <div className="public-footer__col">
            <p className="public-footer__gov">{governmentName(municipio)}</p>
            <p className="public-footer__muted">Eventos públicos y registro en línea.</p>
          </div>
          <nav className="public-footer__col" aria-label="Enlaces">
            <p className="public-footer__heading">Enlaces</p>
            <Link to="/eventos">Todos los eventos</Link>
            <Link to="/aviso-de-privacidad" data-testid="footer-privacy-link">
              Aviso de privacidad
            </Link>
            <Link to="/privacidad/solicitud" data-testid="footer-arco-link">
              Tus datos personales (derechos ARCO)
            </Link>
          </nav>
          <div className="public-footer__col" data-testid="footer-contact">
            <p className="public-footer__heading">Contacto</p>
            {contact_email ? <a href={`mailto:${contact_email}`}>{contact_email}</a> : null}
            {contact_phone ? <a href={`tel:${contact_phone.replace(/[^\d+]/g, '')}`}>{contact_phone}</a> : null}
            {!contact_email && !contact_phone ? (
              <p className="public-footer__muted">
                Los datos de contacto del responsable están en el <Link to="/aviso-de-privacidad">aviso de privacidad</Link>.
              </p>
            ) : null}
          </div>
        </div>
        <p className="public-footer__copy">
          © {new Date().getFullYear()} {governmentName(municipio)}
        </p>
      </footer>
    </div>
  );
}
