import type { LinkEventView } from '@shared/contracts/external-events.contract';
import type { LinkProgramView } from '@shared/contracts/programs.contract';
import { DetailsList } from '../../../components/ui/details';
import { formatDate, formatTimeRange } from '../../../lib/format';

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
