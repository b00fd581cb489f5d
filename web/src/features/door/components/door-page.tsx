import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { DOOR_LIMITS, type DoorDirection, type DoorKind } from '@shared/contracts/door.contract';
import { ROOMS } from '@shared/events/socket-events';
import { Alert } from '../../../components/ui/alert';
import { ItemOptions, Select } from '../../../components/ui/field';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { NoAccessNotice } from '../../../components/ui/no-access-notice';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { fetchMe, useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { can } from '../../../lib/permissions';
import { DOOR_KIND_INFO, doorPath } from '../door-kinds';
import { announceByFeel, RESULT_LOOK, unlockSound } from '../door-results';
import { DOOR_GATE_STORAGE_KEY, DOOR_LAST_STORAGE_KEY } from '../door.constants';
import { DoorLiveEffect } from '../live/door-live-effect';
import { listKey, readList } from '../offline/door-db';
import { registerDoorWorker } from '../pwa';
import { dismissReview, doorState, openDoor, scan, syncNow } from '../stores/door-store';
import { CameraScanner } from './camera-scanner';
import { GateSetting } from './gate-setting';
import { OccupancyMini } from './occupancy-mini';
import { ResultPanel } from './result-panel';
import { ScanHistory } from './scan-history';
import { SyncBar } from './sync-bar';
import { SyncReview } from './sync-review';
import '../door.css';
import { Button } from '../../../components/ui/button';

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode: remembered for this visit only.
  }
}

function DoorDesk({ kind, eventId }: { kind: DoorKind; eventId: number }) {
  const info = DOOR_KIND_INFO[kind];
  const snap = useSnapshot(doorState);
  const [gate, setGate] = useState<string | null>(() => readStored(DOOR_GATE_STORAGE_KEY));
  const [direction, setDirection] = useState<DoorDirection>('in');
  const [code, setCode] = useState('');
  const [seccionId, setSeccionId] = useState('');
  const [camera, setCamera] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    registerDoorWorker();
    store(DOOR_LAST_STORAGE_KEY, doorPath(kind, eventId));
    return openDoor(kind, eventId);
  }, [kind, eventId]);

  useDocumentTitle(snap.title ? `Puerta · ${snap.title}` : 'Puerta');

  const lastSeq = snap.last?.seq;
  useEffect(() => {
    if (doorState.last) announceByFeel(RESULT_LOOK[doorState.last.result].tone);
  }, [lastSeq]);

  const send = (value: string) => {
    if (!gate) return;
    void scan(value, { gate, direction, seccionId: seccionId ? Number(seccionId) : undefined });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    unlockSound();
    if (!code.trim()) return;
    send(code);
    setCode('');
    input.current?.focus();
  };

  if (snap.eventMissing) {
    return (
      <Alert kind="error" testId="door-missing">
        Este evento no existe. <Link to={`/${info.segment}`}>Volver a la lista</Link>
      </Alert>
    );
  }

  return (
    <div className="door-page" data-testid="door-page">
      <DoorLiveEffect kind={kind} eventId={eventId} />
      <div className="door-top">
        <Link to={info.eventPath(eventId)} className="back-link">
          <ArrowLeftIcon size={16} /> Volver al evento
        </Link>
        <PageHeader title="Puerta" subtitle={snap.title ?? `Evento ${eventId}`} room={ROOMS.door(kind, eventId)} />
        <SyncBar
          online={snap.online}
          pending={snap.pending}
          syncing={snap.syncing}
          syncError={snap.syncError}
          list={snap.list}
          listError={snap.listError}
          onSync={() => void syncNow()}
        />
        <SyncReview items={snap.review} onDismiss={dismissReview} />
      </div>
      <GateSetting
        gate={gate}
        onGate={(value) => {
          store(DOOR_GATE_STORAGE_KEY, value);
          setGate(value);
          window.setTimeout(() => input.current?.focus());
        }}
        direction={direction}
        onDirection={setDirection}
      />
      <ResultPanel last={snap.last} />
      <form className="card door-scan" onSubmit={submit} aria-label="Registrar un código">
        <label className="field__label" htmlFor="door-code">
          {info.codeLabel}
        </label>
        <div className="door-scan__row">
          <input
            id="door-code"
            ref={input}
            className="input door-scan__code"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={DOOR_LIMITS.code}
            disabled={!gate}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            data-testid="door-code"
          />
          <Button variant="primary" className="door-scan__submit" type="submit" disabled={!gate || !code.trim()} data-testid="door-submit">
            {direction === 'in' ? 'Registrar entrada' : 'Registrar salida'}
          </Button>
        </div>
        {!gate ? <p className="field__hint">Primero indica en qué puerta está este dispositivo.</p> : null}
        {snap.secciones.length > 0 ? (
          <label className="field">
            <span className="field__label">Sección para quien no tenga asiento</span>
            <Select value={seccionId} onValueChange={setSeccionId} data-testid="door-seccion">
              <ItemOptions items={snap.secciones} placeholder="Automática (la primera con lugar)" />
            </Select>
          </label>
        ) : null}
        {camera && gate ? (
          <CameraScanner onCode={send} onClose={() => setCamera(false)} />
        ) : (
          <Button
            disabled={!gate}
            onClick={() => {
              unlockSound();
              setCamera(true);
            }}
            data-testid="door-camera-open"
          >
            Escanear con la cámara
          </Button>
        )}
      </form>
      <OccupancyMini occupancy={snap.occupancy} online={snap.online} pending={snap.pending} />
      <ScanHistory history={snap.history} />
    </div>
  );
}

/**
 * Who may open the door: staff with edit rights in the event's area (the server checks every call anyway). Offline,
 * the session cannot be read again: a device that downloaded this event's list while signed in keeps working
 * from it, and the server judges its queue (and the session) when the network is back.
 */
function DoorAccess({ kind, eventId }: { kind: DoorKind; eventId: number }) {
  const { user } = useSession();
  const [offline, setOffline] = useState<'unknown' | 'with-list' | 'without-list'>('unknown');

  useEffect(() => {
    let cancelled = false;
    const fallBack = () =>
      void readList(listKey(kind, eventId)).then((stored) => {
        if (!cancelled) setOffline(stored ? 'with-list' : 'without-list');
      });
    if (!navigator.onLine) fallBack();
    fetchMe().catch((err: unknown) => {
      if (err instanceof ApiError && (err.status === 0 || err.status >= 502)) fallBack();
    });
    return () => {
      cancelled = true;
    };
  }, [kind, eventId]);

  if (user) {
    if (can(user, DOOR_KIND_INFO[kind].area, 'edit')) return <DoorDesk kind={kind} eventId={eventId} />;
    return (
      <NoAccessNotice title="Puerta">
        No tienes permisos para registrar entradas en este evento: hace falta poder editar el área del evento.
      </NoAccessNotice>
    );
  }
  if (offline === 'with-list') return <DoorDesk kind={kind} eventId={eventId} />;
  if (offline === 'without-list') {
    return (
      <Alert kind="warning" testId="door-offline-empty">
        Sin conexión, y este dispositivo no tiene la lista de códigos de este evento. Ábrelo una vez con conexión para descargarla.
      </Alert>
    );
  }
  return <Spinner label="Cargando…" />;
}

/** /eventos-externos/{id}/puerta and /eventos-internos/{id}/puerta: staff scan or type codes at a gate, online or not. */
export function ExternalDoorPage() {
  const id = Number(useParams().id);
  return <DoorAccess key={id} kind="externo" eventId={id} />;
}

export function InternalDoorPage() {
  const id = Number(useParams().id);
  return <DoorAccess key={id} kind="interno" eventId={id} />;
}
