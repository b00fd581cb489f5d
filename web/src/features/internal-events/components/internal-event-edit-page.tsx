import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ESTADOS_EVENTO_INTERNO, type InternalEventResponse } from '@shared/contracts/internal-events.contract';
import { Alert } from '../../../components/ui/alert';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/config';
import { EDIT_REDIRECT_MS } from '../../../lib/constants';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { assignEspacio } from '../api/assign-espacio';
import { getEspaciosActivos } from '../api/get-espacios-activos';
import { getInternalEvent } from '../api/get-internal-event';
import type { EspacioResponse } from '@shared/contracts/spaces.contract';
import { updateInternalEvent } from '../api/update-internal-event';
import {
  formFromInternalEvent,
  InternalEventFields,
  toInternalEventPayload,
  validateInternalEvent,
  type InternalEventFormValue,
} from './internal-event-form-modal';
import '../internal-events.css';
import { Button } from '../../../components/ui/button';

const NO_SPACE = '';

function EditForm({ evento }: { evento: InternalEventResponse }) {
  const navigate = useNavigate();
  const currentSpace = evento.espacios[0] ? String(evento.espacios[0].id) : NO_SPACE;
  const [value, setValue] = useState<InternalEventFormValue>(formFromInternalEvent(evento));
  const [espacioId, setEspacioId] = useState<string>(currentSpace);
  const [espacios, setEspacios] = useState<EspacioResponse[]>([]);
  const { errors, submitting, submit: send } = useFormSubmit();
  // The confirmed space change (with seats released) runs outside the form's submission.
  const [replacing, setReplacing] = useState(false);
  const saving = submitting || replacing;
  const [confirmMessage, setConfirmMessage] = useState<string | null>(null);
  const redirect = useRef<number | null>(null);

  useEffect(() => {
    getEspaciosActivos()
      .then((res) => setEspacios(res.espacios))
      .catch((err: unknown) => console.error('No se pudieron cargar los espacios', err));
    return () => {
      if (redirect.current) window.clearTimeout(redirect.current);
    };
  }, []);

  const goToDetail = () => {
    redirect.current = window.setTimeout(() => navigate(`/eventos-internos/${evento.id}`), EDIT_REDIRECT_MS);
  };

  const changeSpace = async (replace: boolean) => {
    try {
      await assignEspacio(evento.id, espacioId === NO_SPACE ? null : Number(espacioId), replace);
      setConfirmMessage(null);
      toast.success('Espacio cambiado exitosamente');
      goToDetail();
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { requires_confirmation?: boolean } | null) : null;
      if (err instanceof ApiError && err.status === 409 && body?.requires_confirmation && !replace) {
        setConfirmMessage(err.serverMessage);
        return;
      }
      setConfirmMessage(null);
      toast.error(errorMessage(err, 'Error al cambiar el espacio'));
    } finally {
      setReplacing(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await send({
      problems: validateInternalEvent(value),
      send: async () => {
        await updateInternalEvent(evento.id, {
          ...toInternalEventPayload(value),
          espacio_id: espacioId === NO_SPACE ? null : Number(espacioId),
        });
        if (espacioId !== currentSpace) {
          // The space first without replacement: the server asks before releasing assigned seats.
          await changeSpace(false);
          return;
        }
        toast.success('Evento actualizado exitosamente');
        goToDetail();
      },
      refused: (err) => toast.error(errorMessage(err, 'Error al actualizar el evento')),
    });
  };

  const cancelSpaceChange = () => {
    setConfirmMessage(null);
    setEspacioId(currentSpace);
    toast.info('Cambio de espacio cancelado');
  };

  return (
    <form className="card ie-edit" onSubmit={(e) => void submit(e)} noValidate data-testid="ie-edit-form">
      <InternalEventFields
        value={value}
        onChange={(patch) => setValue((v) => ({ ...v, ...patch }))}
        errors={errors}
        estados={ESTADOS_EVENTO_INTERNO}
      />
      <label className="field">
        <span className="field__label">Espacio (Opcional)</span>
        <select className="input select" value={espacioId} onChange={(e) => setEspacioId(e.target.value)} data-testid="ie-espacio-select">
          <option value={NO_SPACE}>Sin asignación de asientos</option>
          {evento.espacios
            .filter((own) => !espacios.some((s) => s.id === own.id))
            .map((own) => (
              <option key={own.id} value={own.id}>
                {own.nombre} ({own.capacidad_total} asientos)
              </option>
            ))}
          {espacios.map((s) => (
            <option key={s.id} value={s.id}>
              {s.nombre} ({s.capacidad_total} asientos)
            </option>
          ))}
        </select>
      </label>
      <div className="form-actions">
        <Link className="btn btn--secondary" to={`/eventos-internos/${evento.id}`}>
          Cancelar
        </Link>
        <Button variant="primary" type="submit" disabled={saving} data-testid="ie-edit-save">
          {saving ? 'Guardando...' : 'Guardar Cambios'}
        </Button>
      </div>
      {confirmMessage ? (
        <Modal title="Confirmar cambio de espacio" onClose={cancelSpaceChange} size="sm" testId="ie-space-modal">
          <Alert kind="warning">{confirmMessage}</Alert>
          <div className="modal__footer">
            <Button onClick={cancelSpaceChange} data-testid="ie-space-cancel">
              Cancelar
            </Button>
            <Button
              variant="danger"
              disabled={saving}
              onClick={() => {
                setReplacing(true);
                void changeSpace(true);
              }}
              data-testid="ie-space-confirm"
            >
              Cambiar Espacio
            </Button>
          </div>
        </Modal>
      ) : null}
    </form>
  );
}

/** /eventos-internos/{id}/edit (spec 2 §2): the form, the active spaces and the space change of §4. */
export function InternalEventEditPage() {
  const params = useParams();
  const id = Number(params.id);
  const [evento, setEvento] = useState<InternalEventResponse | null>(null);
  const [failed, setFailed] = useState(false);
  useDocumentTitle('Editar Evento Interno');

  useEffect(() => {
    getInternalEvent(id)
      .then((res) => setEvento(res.evento))
      .catch((err: unknown) => {
        setFailed(true);
        toast.error(errorMessage(err, 'Error al cargar el evento'));
      });
  }, [id]);

  return (
    <div className="ie-page">
      <Link to={`/eventos-internos/${id}`} className="back-link">
        <ArrowLeftIcon size={16} /> Volver
      </Link>
      <PageHeader title="Editar Evento Interno" subtitle={evento?.titulo} />
      {failed ? (
        <Alert kind="error">
          Error al cargar el evento. <Link to="/eventos-internos">Volver a eventos internos</Link>
        </Alert>
      ) : evento ? (
        <EditForm evento={evento} />
      ) : (
        <Spinner label="Cargando evento…" />
      )}
    </div>
  );
}
