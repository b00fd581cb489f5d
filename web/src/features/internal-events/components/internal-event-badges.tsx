import type { EstadoEventoInterno, TipoEventoInterno } from '@shared/contracts/internal-events.contract';
import { ESTADO_LABELS, TIPO_LABELS } from '../labels';

/** The shared badge tone of each estado (app/styles.css). */
const ESTADO_TONE: Record<EstadoEventoInterno, string> = { borrador: 'amber', confirmado: 'green', cancelado: 'red', completado: 'blue' };

export function EstadoBadge({ estado }: { estado: EstadoEventoInterno }) {
  return (
    <span className={`badge ie-estado badge--${ESTADO_TONE[estado]}`} data-testid="ie-estado-badge">
      {ESTADO_LABELS[estado]}
    </span>
  );
}

export function TipoBadge({ tipo }: { tipo: TipoEventoInterno }) {
  return <span className="badge badge--neutral ie-tipo">{TIPO_LABELS[tipo]}</span>;
}
