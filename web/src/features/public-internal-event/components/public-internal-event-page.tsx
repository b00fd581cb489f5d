import { useEffect, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import {
  CONFIRMATION_CODE_LENGTH,
  normalizeConfirmationCode,
  type PublicConfirmResponse,
} from '@shared/contracts/internal-events.contract';
import { Alert } from '../../../components/ui/alert';
import { CalendarIcon, CheckIcon, PinIcon } from '../../../components/ui/icons';
import { NotFoundPanel } from '../../../components/ui/not-found-panel';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/config';
import { formatDateTime } from '../../../lib/format';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { confirmAttendance } from '../api/confirm-attendance';
import { PublicInternalEventLiveEffect } from '../live/public-internal-event-live-effect';
import {
  countOwnConfirmation,
  loadPublicInternalEvent,
  publicInternalEventState,
  resetPublicInternalEvent,
  shownVersion,
} from '../stores/public-internal-event-store';
import '../public-internal-event.css';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

const CODE_MESSAGE = 'Por favor ingresa un código válido de 5 caracteres.';
const CONFIRM_FALLBACK = 'Error al confirmar asistencia. Por favor verifica tu código e intenta nuevamente.';

type Outcome = { kind: 'success' | 'already'; response: PublicConfirmResponse } | { kind: 'error'; message: string } | null;

function ConfirmForm({ slugOrId }: { slugOrId: string }) {
  // An invitation's QR opens this page with its code (?codigo=).
  const [params] = useSearchParams();
  const [code, setCode] = useState(() =>
    normalizeConfirmationCode(params.get('codigo') ?? '')
      .replace(/\s/g, '')
      .slice(0, CONFIRMATION_CODE_LENGTH),
  );
  const [touched, setTouched] = useState(false);
  const { submitting: sending, submit: send } = useFormSubmit();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const done = outcome?.kind === 'success';
  const valid = code.length === CONFIRMATION_CODE_LENGTH;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const versionBefore = shownVersion();
    await send({
      problems: valid ? {} : { codigo: [CODE_MESSAGE] },
      focusPrefix: 'pie-',
      invalid: () => setTouched(true),
      send: async () => {
        const response = await confirmAttendance(slugOrId, code);
        if (response.already_confirmed) setOutcome({ kind: 'already', response });
        else {
          setOutcome({ kind: 'success', response });
          countOwnConfirmation(versionBefore);
        }
      },
      refused: (err) => setOutcome({ kind: 'error', message: errorMessage(err, CONFIRM_FALLBACK) }),
    });
  };

  return (
    <Card title="Confirmar Asistencia" className="pie-form" testId="pie-form">
      <p className="muted">Ingresa el código de 5 caracteres que recibiste en tu invitación.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label className="field">
          <span className="field__label">Código de confirmación</span>
          <input
            id="pie-codigo"
            className={`input pie-code ${touched && !valid ? 'input--invalid' : ''}`}
            value={code}
            maxLength={CONFIRMATION_CODE_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={done}
            onChange={(e) => {
              setCode(normalizeConfirmationCode(e.target.value).replace(/\s/g, '').slice(0, CONFIRMATION_CODE_LENGTH));
              if (outcome?.kind === 'error') setOutcome(null);
            }}
            onBlur={() => setTouched(code.length > 0)}
            aria-invalid={touched && !valid}
            aria-describedby="pie-code-hint"
            data-testid="pie-code"
          />
          <span className={touched && !valid ? 'field__error' : 'field__hint'} id="pie-code-hint">
            {touched && !valid ? CODE_MESSAGE : `${code.length}/${CONFIRMATION_CODE_LENGTH} caracteres`}
          </span>
        </label>
        <Button variant="primary" block type="submit" disabled={!valid || sending || done} data-testid="pie-submit">
          {sending ? 'Confirmando...' : 'Confirmar Asistencia'}
        </Button>
      </form>
      {outcome?.kind === 'success' ? (
        <div className="result-panel result-panel--success" role="status" data-testid="pie-success">
          <CheckIcon size={22} />
          <div>
            <p className="result-panel__title">¡Gracias, {outcome.response.persona.nombre}!</p>
            <p>{outcome.response.message}</p>
          </div>
        </div>
      ) : outcome?.kind === 'already' ? (
        <div className="result-panel" role="status" data-testid="pie-already">
          <CheckIcon size={22} />
          <div>
            <p className="result-panel__title">{outcome.response.persona.nombre}</p>
            <p>{outcome.response.message}</p>
          </div>
        </div>
      ) : outcome?.kind === 'error' ? (
        <Alert kind="error" testId="pie-error">
          {outcome.message}
        </Alert>
      ) : null}
    </Card>
  );
}

/** /evento-interno/{slugOrId} (spec 2 §2 public): no login; counts live through the public room. */
export function PublicInternalEventPage() {
  const { slugOrId = '' } = useParams();
  const snap = useSnapshot(publicInternalEventState);
  useDocumentTitle(snap.evento?.titulo ?? 'Confirmación de Asistencia');

  useEffect(() => {
    resetPublicInternalEvent(slugOrId);
    void loadPublicInternalEvent(slugOrId);
  }, [slugOrId]);

  if (snap.status === 'loading') return <Spinner label="Cargando evento…" />;
  if (snap.status === 'error' || !snap.evento) {
    return (
      <NotFoundPanel
        title="Evento no disponible"
        text={snap.error}
        testId="pie-unavailable"
        className="pie-unavailable"
        textTestId="pie-unavailable-text"
      />
    );
  }
  const e = snap.evento;
  return (
    <div className="pie-page" data-testid="pie-page">
      <PublicInternalEventLiveEffect eventId={e.id} slugOrId={slugOrId} />
      <section className="card pie-hero">
        {e.estado === 'cancelado' ? (
          <span className="badge ie-estado--cancelado pie-badge" data-testid="pie-cancelled-badge">
            Cancelado
          </span>
        ) : null}
        <h1 className="pie-title">{e.titulo}</h1>
        {e.descripcion ? <p className="multiline pie-description">{e.descripcion}</p> : null}
        <ul className="pie-facts">
          <li>
            <CalendarIcon size={18} /> <span>Inicio: {formatDateTime(e.fecha_evento)}</span>
          </li>
          {e.fecha_fin ? (
            <li>
              <CalendarIcon size={18} /> <span>Fin: {formatDateTime(e.fecha_fin)}</span>
            </li>
          ) : null}
          {e.ubicacion ? (
            <li>
              <PinIcon size={18} /> <span>{e.ubicacion}</span>
            </li>
          ) : null}
        </ul>
        <p className="pie-counts" data-testid="pie-counts">
          <span>
            Confirmados: <strong data-testid="pie-confirmados">{e.asistentes_confirmados_count}</strong>
          </span>
          <span>
            Pendientes: <strong data-testid="pie-pendientes">{e.asistentes_pendientes_count}</strong>
          </span>
        </p>
      </section>
      {e.estado === 'completado' ? (
        <div className="result-panel result-panel--closed" data-testid="pie-completed">
          <p className="result-panel__title">Evento Completado</p>
          <p>Este evento ya concluyó. ¡Gracias por tu interés!</p>
        </div>
      ) : e.estado === 'cancelado' ? (
        <div className="result-panel result-panel--error" data-testid="pie-cancelled">
          <p className="result-panel__title">Evento Cancelado</p>
          <p>Este evento ha sido cancelado.</p>
        </div>
      ) : (
        <ConfirmForm slugOrId={slugOrId} />
      )}
    </div>
  );
}
