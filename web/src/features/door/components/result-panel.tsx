import type { ReactNode } from 'react';
import { AlertIcon, ArrowRightIcon, CheckIcon, CloseIcon } from '../../../components/ui/icons';
import { RESULT_LOOK, type Tone } from '../door-results';
import type { ScanOutcome } from '../stores/door-store';

const ICONS: Record<Tone, ReactNode> = {
  ok: <CheckIcon size={44} />,
  out: <ArrowRightIcon size={44} />,
  warn: <AlertIcon size={44} />,
  stop: <CloseIcon size={44} />,
};

function Result({ outcome }: { outcome: ScanOutcome }) {
  const look = RESULT_LOOK[outcome.result];
  return (
    <div
      className={`door-result door-result--${look.tone}`}
      data-testid="door-result"
      data-result={outcome.result}
      data-local={outcome.local}
    >
      <span className="door-result__icon" aria-hidden="true">
        {ICONS[look.tone]}
      </span>
      <div className="door-result__body">
        <p className="door-result__title" data-testid="door-result-title">
          {look.title}
        </p>
        {outcome.firstName ? (
          <p className="door-result__name" data-testid="door-result-name">
            {outcome.firstName}
          </p>
        ) : null}
        <p className="door-result__detail">{outcome.message}</p>
        {outcome.seat ? <p className="door-result__seat">Asiento: {outcome.seat}</p> : null}
        <p className="door-result__meta">
          Código {outcome.code} · {outcome.direction === 'in' ? 'entrada' : 'salida'} · {outcome.gate}
          {outcome.local ? ' · sin conexión' : ''}
        </p>
      </div>
    </div>
  );
}

/**
 * The answer, large, in a live region that is always on the page (so screen readers hear each new one): a polite
 * status when someone may pass, an alert when the door says no or something needs a look.
 */
export function ResultPanel({ last }: { last: ScanOutcome | null }) {
  const tone = last ? RESULT_LOOK[last.result].tone : null;
  const calm = tone === 'ok' || tone === 'out';
  return (
    <div className="door-result-slot">
      <div role="status" aria-live="polite" aria-atomic="true">
        {last && calm ? <Result key={last.seq} outcome={last} /> : null}
      </div>
      <div role="alert" aria-atomic="true">
        {last && !calm ? <Result key={last.seq} outcome={last} /> : null}
      </div>
      {!last ? (
        <p className="door-result door-result--idle" data-testid="door-result-idle">
          Escanea un código QR o escribe el código para registrar una entrada.
        </p>
      ) : null}
    </div>
  );
}
