import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { configState, governmentName } from '../../lib/config';
import './brand.css';

export function Brand({ to, inverted = false }: { to: string; inverted?: boolean }) {
  const { municipio } = useSnapshot(configState);
  return (
    <Link to={to} className={`brand ${inverted ? 'brand--inverted' : ''}`}>
      <span className="brand__mark" aria-hidden="true">
        A
      </span>
      <span className="brand__text">
        {/* The visible text is the link's name (WCAG 2.5.3); the space keeps the two words apart when read. */}
        <span className="brand__name">Aforo</span> <span className="brand__gov">{governmentName(municipio)}</span>
      </span>
    </Link>
  );
}
