import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { CalendarIcon, PinIcon } from '../../../components/ui/icons';
import { SkeletonLine } from '../../../components/ui/spinner';
import { configState, governmentName } from '../../../lib/config';
import { formatDate, formatDateTime } from '../../../lib/format';
import { dashboardState } from '../stores/dashboard-store';

/** The featured public event, or a welcome banner when there is none (spec 1 §2.4). */
export function FeaturedBanner({ userName }: { userName: string | null }) {
  const { featured, featuredLoaded } = useSnapshot(dashboardState);
  const { municipio } = useSnapshot(configState);

  if (!featuredLoaded) {
    return (
      <section className="banner banner--loading" aria-busy="true" aria-label="Cargando">
        <SkeletonLine width="30%" height="1rem" />
        <SkeletonLine width="60%" height="2rem" />
        <SkeletonLine width="45%" />
      </section>
    );
  }

  if (!featured) {
    return (
      <section className="banner banner--welcome" data-testid="welcome-banner">
        <div className="banner__content">
          <p className="eyebrow banner__eyebrow">{governmentName(municipio)}</p>
          <h1 className="banner__title">¡Bienvenido{userName ? `, ${userName}` : ''}!</h1>
          <p className="banner__text">
            Desde este panel administras los eventos, registros y servicios del municipio. Hoy es {formatDate(new Date())}.
          </p>
        </div>
      </section>
    );
  }

  return (
    <section
      className={`banner banner--featured ${featured.image_url ? 'banner--with-image' : ''}`}
      data-testid="featured-banner"
      style={featured.image_url ? { backgroundImage: `url("${encodeURI(featured.image_url)}")` } : undefined}
    >
      <div className="banner__overlay" />
      <div className="banner__content">
        <span className="badge badge--gold">Evento Destacado</span>
        <h1 className="banner__title">{featured.title}</h1>
        <ul className="banner__meta">
          <li>
            <CalendarIcon size={18} /> {formatDateTime(featured.event_date)}
          </li>
          <li>
            <PinIcon size={18} /> {featured.location}
          </li>
        </ul>
        <Link className="btn btn--light" to={`/eventos/${encodeURIComponent(featured.slug)}`}>
          Ver Detalles
        </Link>
      </div>
    </section>
  );
}
