import { useState, type FormEvent } from 'react';
import {
  CREATABLE_STATUSES,
  EXTERNAL_EVENT_LIMITS,
  EXTERNAL_EVENT_STATUSES,
  type ExternalEventInput,
  type ExternalEventResponse,
  type ExternalEventStatus,
} from '@shared/contracts/external-events.contract';
import { AforoMaximoField, aforoMaximoInput, aforoMaximoProblem, aforoMaximoValue } from '../../../components/ui/aforo-maximo-field';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { errorMessage, listFieldErrors, type FieldErrors } from '../../../lib/api-client';
import { DATETIME_INPUT_LENGTH, EVENT_DEFAULT_CAPACITY, EVENT_MIN_CAPACITY } from '../../../lib/constants';
import { fromLocalInput, toLocalInput } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { createExternalEvent } from '../api/create-external-event';
import { updateExternalEvent } from '../api/update-external-event';
import { uploadEventImage } from '../api/upload-event-image';
import { EVENT_STATUS_LABELS } from '../event-labels';
import { patchExternalEvent, upsertExternalEvent } from '../stores/external-events-store';
import { ImageField } from './image-field';
import {
  fieldBinder,
  Options,
  SelectField,
  StartEndFields,
  TextAreaField,
  TextField,
  WholeNumberField,
} from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';

interface EventFormValue {
  title: string;
  event_date: string;
  end_date: string;
  location: string;
  max_attendees: string;
  description: string;
  status: ExternalEventStatus;
  requirements: string;
  agenda: string;
  aforo_maximo: string;
}

const EMPTY_FORM: EventFormValue = {
  title: '',
  event_date: '',
  end_date: '',
  location: '',
  max_attendees: String(EVENT_DEFAULT_CAPACITY),
  description: '',
  status: 'draft',
  requirements: '',
  agenda: '',
  aforo_maximo: '',
};

/** Edit: datetime values are cut to the 16 characters of a date-time input (spec 1 §5). */
function formFromEvent(event: ExternalEventResponse): EventFormValue {
  return {
    title: event.title,
    event_date: toLocalInput(event.event_date).slice(0, DATETIME_INPUT_LENGTH),
    end_date: toLocalInput(event.end_date).slice(0, DATETIME_INPUT_LENGTH),
    location: event.location,
    max_attendees: String(event.max_attendees),
    description: event.description,
    status: event.status,
    requirements: (event.requirements ?? []).join('\n'),
    agenda: (event.agenda ?? []).join('\n'),
    aforo_maximo: aforoMaximoInput(event.aforo_maximo),
  };
}

/** One item per line; blank lines are dropped. */
function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The checks of spec 1 §5, in Spanish, before anything is sent. */
function validate(value: EventFormValue): FieldErrors {
  const errors: FieldErrors = {};
  if (!value.title.trim()) errors.title = ['El título es obligatorio.'];
  if (!value.event_date) errors.event_date = ['La fecha y hora de inicio son obligatorias.'];
  else if (!fromLocalInput(value.event_date)) errors.event_date = ['La fecha y hora de inicio no son válidas.'];
  if (value.end_date) {
    if (!fromLocalInput(value.end_date)) errors.end_date = ['La fecha y hora de fin no son válidas.'];
    else if (value.event_date && value.end_date < value.event_date) {
      errors.end_date = ['La fecha de fin no puede ser anterior a la fecha de inicio.'];
    }
  }
  if (!value.location.trim()) errors.location = ['La ubicación es obligatoria.'];
  const capacity = Number(value.max_attendees);
  if (value.max_attendees.trim() === '') errors.max_attendees = ['La capacidad es obligatoria.'];
  else if (!Number.isInteger(capacity) || capacity < EVENT_MIN_CAPACITY) {
    errors.max_attendees = ['La capacidad debe ser un número entero mayor o igual a 1.'];
  }
  const aforo = aforoMaximoProblem(value.aforo_maximo);
  if (aforo) errors.aforo_maximo = [aforo];
  if (!value.description.trim()) errors.description = ['La descripción es obligatoria.'];
  const requirements = listProblem(lines(value.requirements), {
    tooMany: `No puede haber más de ${EXTERNAL_EVENT_LIMITS.listItems} requisitos.`,
    tooLong: tooLong('Cada requisito', EXTERNAL_EVENT_LIMITS.listItem),
  });
  if (requirements) errors.requirements = [requirements];
  const agenda = listProblem(lines(value.agenda), {
    tooMany: `La agenda no puede tener más de ${EXTERNAL_EVENT_LIMITS.listItems} puntos.`,
    tooLong: tooLong('Cada punto de la agenda', EXTERNAL_EVENT_LIMITS.listItem),
  });
  if (agenda) errors.agenda = [agenda];
  return errors;
}

/** The server's words for its length limits, so both sides say the same. */
function tooLong(subject: string, max: number): string {
  return `${subject} no debe tener más de ${max.toLocaleString('es-MX')} caracteres.`;
}

/** Requirements and agenda are one item per line: a textarea cannot cap each line, so they are checked here. */
function listProblem(items: string[], messages: { tooMany: string; tooLong: string }): string | null {
  if (items.length > EXTERNAL_EVENT_LIMITS.listItems) return messages.tooMany;
  if (items.some((item) => item.length > EXTERNAL_EVENT_LIMITS.listItem)) return messages.tooLong;
  return null;
}

function toPayload(value: EventFormValue): ExternalEventInput {
  return {
    title: value.title.trim(),
    description: value.description.trim(),
    event_date: fromLocalInput(value.event_date) ?? '',
    end_date: value.end_date ? fromLocalInput(value.end_date) : null,
    location: value.location.trim(),
    max_attendees: Number(value.max_attendees),
    status: value.status,
    requirements: lines(value.requirements),
    agenda: lines(value.agenda),
    aforo_maximo: aforoMaximoValue(value.aforo_maximo),
  };
}

const KNOWN_FIELDS = [
  'title',
  'event_date',
  'end_date',
  'location',
  'max_attendees',
  'description',
  'status',
  'requirements',
  'agenda',
  'aforo_maximo',
  'image_url',
  'image',
];

/**
 * Create and edit modals of spec 1 §2.6 / §5. Create: draft or published; edit: any of the four.
 * With an image, the event is saved first and the image uploaded after (spec 1 §7), with the
 * partial-failure alerts of §8.
 */
export function EventFormModal({ mode, event, onClose }: { mode: 'create' | 'edit'; event?: ExternalEventResponse; onClose: () => void }) {
  const [value, setValue] = useState<EventFormValue>(() => (event ? formFromEvent(event) : EMPTY_FORM));
  const [file, setFile] = useState<File | null>(null);
  const [removeCurrent, setRemoveCurrent] = useState(false);
  const { errors, submitting, submit } = useFormSubmit();
  const [serverMessage, setServerMessage] = useState<string | null>(null);

  const statuses = mode === 'create' ? CREATABLE_STATUSES : EXTERNAL_EVENT_STATUSES;
  const set = <K extends keyof EventFormValue>(key: K, v: EventFormValue[K]) => setValue((prev) => ({ ...prev, [key]: v }));
  const bind = fieldBinder(`event-${mode}-`, value, errors, set);
  const otherErrors = Object.entries(errors)
    .filter(([key]) => !KNOWN_FIELDS.includes(key) && !KNOWN_FIELDS.some((k) => key.startsWith(`${k}.`)))
    .flatMap(([, list]) => list);
  const listErrors = (key: string) => listFieldErrors(errors, key);

  const uploadImage = async (eventId: number, partialFailure: string) => {
    if (!file) return;
    try {
      const { image_url } = await uploadEventImage(eventId, file);
      patchExternalEvent(eventId, { image_url });
    } catch {
      window.alert(partialFailure);
    }
  };

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setServerMessage(null);
    await submit({
      problems: validate(value),
      send: async () => {
        const payload = toPayload(value);
        if (mode === 'create') {
          const response = await createExternalEvent(payload);
          upsertExternalEvent(response.event);
          await uploadImage(response.event.id, 'El evento se creó pero hubo un error al cargar la imagen');
          toast.success(response.message || 'Evento creado exitosamente');
        } else if (event) {
          if (removeCurrent && !file) payload.image_url = null;
          const response = await updateExternalEvent(event.id, payload);
          upsertExternalEvent(response.event);
          await uploadImage(response.event.id, 'El evento se actualizó pero hubo un error al cargar la imagen');
          toast.success(response.message || 'Evento actualizado exitosamente');
        }
        onClose();
      },
      refused: (error) => {
        const fallback = mode === 'create' ? 'Error al crear el evento' : 'Error al actualizar el evento';
        const detail = errorMessage(error, '');
        setServerMessage(detail && detail !== fallback ? detail : null);
        window.alert(fallback);
      },
    });
  };

  return (
    <Modal title={mode === 'create' ? 'Crear Evento Externo' : 'Editar Evento Externo'} onClose={onClose} testId={`event-${mode}-modal`}>
      <form className="event-form" onSubmit={handleSubmit} noValidate data-testid={`event-${mode}-form`}>
        {serverMessage ? (
          <Alert kind="error" testId="event-form-message">
            {serverMessage}
          </Alert>
        ) : null}
        <TextField label="Título" {...bind('title')} required maxLength={EXTERNAL_EVENT_LIMITS.title} placeholder="Nombre del evento" />

        <div className="form-grid">
          <StartEndFields start={bind('event_date')} end={bind('end_date')} />
          <TextField
            label="Ubicación"
            {...bind('location')}
            required
            maxLength={EXTERNAL_EVENT_LIMITS.location}
            placeholder="Lugar del evento"
          />
          <WholeNumberField label="Capacidad máxima" {...bind('max_attendees')} min={EVENT_MIN_CAPACITY} required />
          <AforoMaximoField {...bind('aforo_maximo')} />
        </div>

        <TextAreaField
          label="Descripción"
          {...bind('description')}
          rows={4}
          required
          maxLength={EXTERNAL_EVENT_LIMITS.description}
          placeholder="¿De qué trata el evento?"
        />

        <SelectField label="Estado" {...bind('status')}>
          <Options values={statuses} labels={EVENT_STATUS_LABELS} />
        </SelectField>

        <div className="form-grid">
          <TextAreaField
            label="Requisitos (uno por línea)"
            {...bind('requirements')}
            errors={listErrors('requirements')}
            rows={4}
            placeholder={'Identificación oficial\nRegistro previo'}
          />
          <TextAreaField
            label="Agenda (un punto por línea)"
            {...bind('agenda')}
            errors={listErrors('agenda')}
            rows={4}
            placeholder={'9:00 a. m. Registro\n10:00 a. m. Inauguración'}
          />
        </div>

        <ImageField
          currentUrl={event?.image_url ?? null}
          file={file}
          removeCurrent={removeCurrent}
          serverError={[...(errors.image_url ?? []), ...(errors.image ?? [])].join(' ') || undefined}
          onChange={(nextFile, nextRemove) => {
            setFile(nextFile);
            setRemoveCurrent(nextRemove);
          }}
        />

        {otherErrors.length > 0 ? (
          <ul className="field__error-list">
            {otherErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}

        <FormActions onCancel={onClose} submitDisabled={submitting} submitTestId={`event-${mode}-submit`}>
          {submitting ? 'Guardando…' : mode === 'create' ? 'Crear Evento' : 'Guardar Cambios'}
        </FormActions>
      </form>
    </Modal>
  );
}
