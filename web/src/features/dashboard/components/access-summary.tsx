import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRightIcon, BuildingIcon, ClipboardIcon, PeopleIcon, TicketIcon } from '../../../components/ui/icons';
import type { SessionUser } from '../../../lib/auth';
import { canSeeInternalEvents, canSeePersonas, canSeeProgramas, hasAnyAccess } from '../../../lib/permissions';
import { Card } from '../../../components/ui/card';

interface AccessCard {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
}

function cardsFor(user: SessionUser): AccessCard[] {
  const cards: AccessCard[] = [];
  if (canSeeInternalEvents(user)) {
    cards.push({
      to: '/eventos-internos',
      title: 'Eventos Internos',
      description: 'Invitados, confirmaciones y acomodo de asientos.',
      icon: <BuildingIcon size={22} />,
    });
  }
  if (hasAnyAccess(user, 'eventos_externos')) {
    cards.push({
      to: '/eventos-externos',
      title: 'Eventos Externos',
      description: 'Eventos públicos, registros y asistencia.',
      icon: <TicketIcon size={22} />,
    });
  }
  if (canSeePersonas(user)) {
    cards.push({
      to: '/personas',
      title: 'Personas',
      description: 'Base de datos de personas e importación.',
      icon: <PeopleIcon size={22} />,
    });
  }
  if (canSeeProgramas(user)) {
    cards.push({
      to: '/programas-servicios',
      title: 'Programas y Servicios',
      description: 'Programas municipales y sus registros.',
      icon: <ClipboardIcon size={22} />,
    });
  }
  return cards;
}

/** Clickable cards per permitted area (spec 1 §2.4 c). */
export function AccessSummary({ user }: { user: SessionUser }) {
  const cards = cardsFor(user);
  return (
    <Card title="Resumen de Acceso" testId="access-summary">
      {cards.length === 0 ? (
        <p className="muted">Aún no tienes acceso a ninguna área. Solicítalo a un administrador.</p>
      ) : (
        <div className="access-grid">
          {cards.map((card) => (
            <Link key={card.to} to={card.to} className="access-card">
              <span className="access-card__icon" aria-hidden="true">
                {card.icon}
              </span>
              <span className="access-card__body">
                <span className="access-card__title">{card.title}</span>
                <span className="access-card__text">{card.description}</span>
              </span>
              <span className="access-card__cta" aria-hidden="true">
                <ArrowRightIcon size={18} />
              </span>
            </Link>
          ))}
        </div>
      )}
    </Card>
  );
}
