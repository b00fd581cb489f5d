import { useState, type FormEvent } from 'react';
import {
  ESTADOS_AL_CREAR,
  ESTADOS_EVENTO_INTERNO,
  INTERNAL_EVENT_LIMITS,
  TIPOS_EVENTO_INTERNO,
  type EstadoEventoInterno,
  type InternalEventPayload,
  type InternalEventResponse,
  type TipoEventoInterno,
} from '@shared/contracts/internal-events.contract';
import { AforoMaximoField, aforoMaximoInput, aforoMaximoProblem, aforoMaximoValue } from '../../../components/ui/aforo-maximo-field';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { DateTimeField, fieldBinder, Options, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { errorMessage, type FieldErrors } from '../../../lib/api-client';
import { DATETIME_INPUT_LENGTH } from '../../../lib/constants';
import { fromLocalInput, toLocalInput } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { createInternalEvent } from '../api/create-internal-event';
import { updateInternalEvent } from '../api/update-internal-event';
import { ESTADO_LABELS, TIPO_LABELS } from '../labels';
import { upsertInternalEvent } from '../stores/internal-events-store';
import { Button } from '../../../components/ui/button';

export interface InternalEventFormValue {
  titulo: string;
  descripcion: string;
  fecha_evento: string;
  fecha_fin: string;
  ubicacion: string;
  tipo: TipoEventoInterno;
  estado: EstadoEventoInterno;
  aforo_maximo: string;
}

export const EMPTY_INTERNAL_EVENT: InternalEventFormValue = {
  titulo: '',
  descripcion: '',
  fecha_evento: '',
  fecha_fin: '',
  ubicacion: '',
  tipo: 'reunion',
  estado: 'borrador',
  aforo_maximo: '',
};

/** Edit: date-time values cut to the first 16 characters of a date-time input (spec 2 §2). */
export function formFromInternalEvent(e: InternalEventResponse): InternalEventFormValue {
  return {
    titulo: e.titulo,
    descripcion: e.descripcion ?? '',
    fecha_evento: toLocalInput(e.fecha_evento).slice(0, DATETIME_INPUT_LENGTH),
    fecha_fin: toLocalInput(e.fecha_fin).slice(0, DATETIME_INPUT_LENGTH),
    ubicacion: e.ubicacion ?? '',
    tipo: e.tipo,
    estado: e.estado,
    aforo_maximo: aforoMaximoInput(e.aforo_maximo),
  };
}

/** Spec 2 §5: titulo, fecha_evento and tipo required. */
export function validateInternalEvent(v: InternalEventFormValue): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.titulo.trim()) errors.titulo = ['El título es obligatorio.'];
  if (!v.fecha_evento) errors.fecha_evento = ['La fecha y hora de inicio es obligatoria.'];
  if (!v.tipo) errors.tipo = ['El tipo es obligatorio.'];
  if (v.fecha_fin && v.fecha_evento && v.fecha_fin < v.fecha_evento)
    errors.fecha_fin = ['La fecha de fin no puede ser anterior a la de inicio.'];
  const aforo = aforoMaximoProblem(v.aforo_maximo);
  if (aforo) errors.aforo_maximo = [aforo];
  return errors;
}

export function toInternalEventPayload(v: InternalEventFormValue): InternalEventPayload {
  return {
    titulo: v.titulo.trim(),
    descripcion: v.descripcion.trim() || null,
    fecha_evento: fromLocalInput(v.fecha_evento) ?? '',
    fecha_fin: v.fecha_fin ? fromLocalInput(v.fecha_fin) : null,
    ubicacion: v.ubicacion.trim() || null,
    tipo: v.tipo,
    estado: v.estado,
    aforo_maximo: aforoMaximoValue(v.aforo_maximo),
  };
}

/** The fields shared by the list's modal and the edit page. */
export function InternalEventFields({
  value,
  onChange,
  errors,
  estados,
}: {
  value: InternalEventFormValue;
  onChange: (patch: Partial<InternalEventFormValue>) => void;
  errors: FieldErrors;
  estados: readonly EstadoEventoInterno[];
}) {
  const bind = fieldBinder('ie-', value, errors, (key, v) => onChange({ [key]: v }));
  return (
    <div className="form-grid">
      <TextField label="Título *" {...bind('titulo')} wide maxLength={INTERNAL_EVENT_LIMITS.titulo} data-testid="ie-titulo" />
      <TextAreaField
        label="Descripción"
        {...bind('descripcion')}
        wide
        rows={3}
        maxLength={INTERNAL_EVENT_LIMITS.descripcion}
        data-testid="ie-descripcion"
      />
      <DateTimeField label="Fecha y Hora de Inicio *" {...bind('fecha_evento')} data-testid="ie-fecha-evento" />
      <DateTimeField label="Fecha y Hora de Fin" {...bind('fecha_fin')} data-testid="ie-fecha-fin" />
      <TextField label="Ubicación" {...bind('ubicacion')} maxLength={INTERNAL_EVENT_LIMITS.ubicacion} data-testid="ie-ubicacion" />
      <SelectField label="Tipo *" {...bind('tipo')} data-testid="ie-tipo">
        <Options values={TIPOS_EVENTO_INTERNO} labels={TIPO_LABELS} />
      </SelectField>
      <SelectField label="Estado" {...bind('estado')} data-testid="ie-estado">
        <Options values={estados} labels={ESTADO_LABELS} />
      </SelectField>
      <AforoMaximoField
        id="ie-aforo-maximo"
        value={value.aforo_maximo}
        errors={errors.aforo_maximo}
        onValueChange={(aforo_maximo) => onChange({ aforo_maximo })}
      />
    </div>
  );
}

/** Create/edit modal of the list (spec 2 §2): borrador/confirmado on create, all four on edit. */
export function InternalEventFormModal({ event, onClose }: { event?: InternalEventResponse; onClose: () => void }) {
  const editing = !!event;
  const [value, setValue] = useState<InternalEventFormValue>(event ? formFromInternalEvent(event) : EMPTY_INTERNAL_EVENT);
  const { errors, submitting: saving, submit: send } = useFormSubmit();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    await send({
      problems: validateInternalEvent(value),
      send: async () => {
        const payload = toInternalEventPayload(value);
        const res = event ? await updateInternalEvent(event.id, payload) : await createInternalEvent(payload);
        upsertInternalEvent(res.evento);
        toast.success(editing ? 'Evento interno actualizado exitosamente' : 'Evento interno creado exitosamente');
        onClose();
      },
      refused: (err) => {
        const message = errorMessage(err, editing ? 'Error al actualizar el evento interno' : 'Error al crear el evento interno');
        setFailure(message);
        toast.error(message);
      },
    });
  };

  return (
    <Modal
      title={editing ? 'Editar Evento Interno' : 'Crear Nuevo Evento Interno'}
      onClose={onClose}
      size="lg"
      testId="internal-event-modal"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        <InternalEventFields
          value={value}
          onChange={(patch) => setValue((v) => ({ ...v, ...patch }))}
          errors={errors}
          estados={editing ? ESTADOS_EVENTO_INTERNO : ESTADOS_AL_CREAR}
        />
        <div className="modal__footer">
          <Button onClick={onClose}>Cancelar</Button>
          <Button variant="primary" type="submit" disabled={saving} data-testid="ie-submit">
            {saving ? 'Guardando...' : editing ? 'Actualizar' : 'Crear'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
