import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import {
  CONFIRMATION_CODE_LENGTH,
  normalizeConfirmationCode,
  type InternalEventResponse,
} from '@shared/contracts/internal-events.contract';
import { ROOMS } from '@shared/events/socket-events';
import { Alert } from '../../../components/ui/alert';
import { ArrowLeftIcon, CheckIcon } from '../../../components/ui/icons';
import { LiveIndicator } from '../../../components/ui/live-indicator';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { ItemOptions, Select } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/config';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { checkIn } from '../api/check-in';
import { codeFromScan } from '../invitation-links';
import { InternalEventLiveEffect } from '../live/internal-event-live-effect';
import { internalEventState, loadInternalEvent, resetInternalEvent, upsertAsistentes } from '../stores/internal-event-store';
import '../internal-events.css';

interface Entry {
  key: number;
  kind: 'ok' | 'again' | 'error';
  text: string;
  seat?: string;
}

/** The browser's QR reader, where there is one (Chrome on Android, ChromeOS, macOS). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;
const Detector = (globalThis as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;

function Scanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    let last = '';
    const detector = Detector ? new Detector({ formats: ['qr_code'] }) : null;
    const tick = async () => {
      if (stopped || !detector || !video.current) return;
      try {
        const found = await detector.detect(video.current);
        const code = found.map((f) => codeFromScan(f.rawValue)).find(Boolean);
        if (code && code !== last) {
          last = code;
          onCodeRef.current(code);
        }
      } catch {
        // A frame that could not be read: try the next one.
      }
      timer = window.setTimeout(() => void tick(), 300);
    };
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' } })
      .then((s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        void video.current.play();
        void tick();
      })
      .catch(() => setProblem('No se pudo abrir la cámara. Escribe el código.'));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div className="ie-scanner" data-testid="ie-scanner">
      {problem ? <Alert kind="warning">{problem}</Alert> : <video ref={video} className="ie-scanner__video" muted playsInline />}
      <button type="button" className="btn btn--secondary btn--sm" onClick={onClose}>
        Cerrar cámara
      </button>
    </div>
  );
}

function CheckInDesk({ eventId }: { eventId: number }) {
  const navigate = useNavigate();
  const snap = useSnapshot(internalEventState);
  const [code, setCode] = useState('');
  const [seccionId, setSeccionId] = useState('');
  const { submitting: sending, submit: send } = useFormSubmit();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [scanning, setScanning] = useState(false);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [failed, setFailed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const seq = useRef(0);

  useEffect(() => {
    resetInternalEvent(eventId);
    loadInternalEvent(eventId).catch((err: unknown) => {
      setFailed(true);
      toast.error(errorMessage(err, 'Error al cargar el evento'));
    });
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, [eventId]);

  const evento = snap.evento as InternalEventResponse | null;
  useDocumentTitle(evento ? `Registro de asistencia · ${evento.titulo}` : 'Registro de asistencia');

  /** Typed or scanned: a code of the right length is sent; the answer (or refusal) heads the list. */
  const register = async (value: string) => {
    const key = ++seq.current;
    const log = (entry: Entry) => setEntries((list) => [entry, ...list].slice(0, 10));
    await send({
      problems: value.length === CONFIRMATION_CODE_LENGTH ? {} : { codigo: [`El código tiene ${CONFIRMATION_CODE_LENGTH} caracteres.`] },
      send: async () => {
        const res = await checkIn(eventId, value, seccionId ? Number(seccionId) : undefined);
        upsertAsistentes(eventId, [res.asistente]);
        const seat = res.asistente.asiento ? `${res.asistente.asiento.seccion.nombre} - ${res.asistente.asiento.codigo}` : undefined;
        log({ key, kind: res.already_checked_in ? 'again' : 'ok', text: res.message, seat });
        setCode('');
        input.current?.focus();
      },
      refused: (err) => {
        log({ key, kind: 'error', text: `${value}: ${errorMessage(err, 'No se pudo registrar la asistencia.')}` });
        input.current?.focus();
      },
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void register(code);
  };

  if (failed) {
    return (
      <Alert kind="error">
        Error al cargar el evento. <Link to="/eventos-internos">Volver a eventos internos</Link>
      </Alert>
    );
  }
  if (!evento) return <Spinner label="Cargando evento…" />;
  const secciones = evento.espacios[0]?.secciones ?? [];

  return (
    <div className="ie-page ie-checkin">
      <InternalEventLiveEffect eventId={eventId} onEventDeleted={() => navigate('/eventos-internos', { replace: true })} />
      <div className="ie-detail__top">
        <Link to={`/eventos-internos/${eventId}`} className="back-link">
          <ArrowLeftIcon size={16} /> Volver al evento
        </Link>
        <LiveIndicator room={ROOMS.internalEvent(eventId)} />
      </div>
      <PageHeader title="Registro de Asistencia" subtitle={evento.titulo} />
      {!online ? (
        <Alert kind="warning" testId="ie-checkin-offline">
          Sin conexión. El registro necesita conexión para asignar asientos sin duplicarlos; los códigos no se guardan hasta que vuelva.
        </Alert>
      ) : null}
      <div className="ie-counters ie-counters--compact">
        <div className="ie-counter ie-counter--asistieron" data-testid="ie-checkin-asistieron">
          <span className="ie-counter__value">{evento.asistentes_asistieron_count}</span>
          <span className="ie-counter__label">Asistieron</span>
        </div>
        <div className="ie-counter ie-counter--total">
          <span className="ie-counter__value">{evento.asistentes_count}</span>
          <span className="ie-counter__label">Invitados</span>
        </div>
      </div>
      <form className="card ie-checkin__form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Código de la invitación</span>
          <input
            ref={input}
            className="input pie-code"
            value={code}
            autoFocus
            autoComplete="off"
            maxLength={CONFIRMATION_CODE_LENGTH}
            onChange={(e) => setCode(normalizeConfirmationCode(e.target.value).replace(/\s/g, '').slice(0, CONFIRMATION_CODE_LENGTH))}
            data-testid="ie-checkin-code"
          />
        </label>
        {secciones.length > 0 ? (
          <label className="field">
            <span className="field__label">Sección para quien no tenga asiento</span>
            <Select value={seccionId} onValueChange={setSeccionId} data-testid="ie-checkin-seccion">
              <ItemOptions items={secciones} placeholder="Automática (la primera con lugar)" />
            </Select>
          </label>
        ) : null}
        <div className="form-actions">
          {Detector ? (
            <button type="button" className="btn btn--secondary" onClick={() => setScanning((v) => !v)} data-testid="ie-checkin-scan">
              {scanning ? 'Ocultar cámara' : 'Escanear QR'}
            </button>
          ) : null}
          <button
            type="submit"
            className="btn btn--primary"
            disabled={code.length !== CONFIRMATION_CODE_LENGTH || sending || !online}
            data-testid="ie-checkin-submit"
          >
            {sending ? 'Registrando...' : 'Registrar Asistencia'}
          </button>
        </div>
        {scanning ? <Scanner onCode={(c) => void register(c)} onClose={() => setScanning(false)} /> : null}
      </form>
      <section className="card" aria-labelledby="ie-checkin-log">
        <h2 className="card__title" id="ie-checkin-log">
          Últimos registros
        </h2>
        {entries.length === 0 ? (
          <p className="muted">Aún no hay registros en esta pantalla.</p>
        ) : (
          <ul className="ie-checkin__log" data-testid="ie-checkin-log">
            {entries.map((e) => (
              <li key={e.key} className={`ie-checkin__entry ie-checkin__entry--${e.kind}`} data-testid="ie-checkin-entry">
                {e.kind !== 'error' ? <CheckIcon size={16} /> : null}
                <span>{e.text}</span>
                {e.seat ? <strong className="ie-checkin__seat">Asiento: {e.seat}</strong> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /eventos-internos/{id}/check-in (beyond the spec): staff at the door type or scan invitation codes. */
export function CheckInPage() {
  const params = useParams();
  const id = Number(params.id);
  return <CheckInDesk key={id} eventId={id} />;
}
