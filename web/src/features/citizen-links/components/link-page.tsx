import type { ReactNode } from 'react';
import type { LinkEventView } from '@shared/contracts/external-events.contract';
import type { LinkProgramView } from '@shared/contracts/programs.contract';
import { DetailsList } from '../../../components/ui/details';
import { formatDate, formatTimeRange } from '../../../lib/format';

import type { LinkBack } from '../../../components/ui/link-page';

export { LinkDoneCard, LinkQuestionCard, TokenLinkPage, type LinkBack } from '../../../components/ui/link-page';

/** The event as a link page shows it: title, date, time and place (nothing personal). */
export function EventFacts({ evento }: { evento: LinkEventView }) {
  return (
    <DetailsList
      rows={[
        ['Evento', evento.titulo],
        ['Fecha', formatDate(evento.event_date)],
        ['Horario', formatTimeRange(evento.event_date, evento.end_date)],
        ['Lugar', evento.location],
      ]}
    />
  );
}

/** The program as a link page shows it: its name, its dates (a continuous program has none) and its place. */
export function ProgramFacts({ programa }: { programa: LinkProgramView }) {
  const dates: [string, string] =
    programa.tipo === 'continuo' || !programa.fecha_inicio
      ? ['Tipo', 'Programa continuo']
      : [
          'Fechas',
          programa.fecha_fin
            ? `Del ${formatDate(programa.fecha_inicio)} al ${formatDate(programa.fecha_fin)}`
            : `Desde el ${formatDate(programa.fecha_inicio)}`,
        ];
  return <DetailsList rows={[['Programa', programa.nombre], dates, ['Lugar', programa.ubicacion?.trim() || 'Por confirmar']]} />;
}

/** What a waitlist's link pages (offer, confirm) say of its area: 'este evento' / 'este programa', its facts and the way back to it. */
export interface WaitlistArea<T> {
  de: string;
  facts: (view: T) => ReactNode;
  link: (view: T) => LinkBack;
}

export const EVENT_WAITLIST: WaitlistArea<{ evento: LinkEventView }> = {
  de: 'este evento',
  facts: (v) => <EventFacts evento={v.evento} />,
  link: (v) => ({ to: `/eventos/${v.evento.slug}`, label: 'Ver el evento' }),
};

export const PROGRAM_WAITLIST: WaitlistArea<{ programa: LinkProgramView }> = {
  de: 'este programa',
  facts: (v) => <ProgramFacts programa={v.programa} />,
  link: (v) => ({ to: `/programas/${v.programa.slug}`, label: 'Ver el programa' }),
};
