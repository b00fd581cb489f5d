import { useRef, useState, type FormEvent } from 'react';
import {
  PROGRAMA_LIMITS,
  PROGRAMA_STATUS_LABELS,
  PROGRAMA_STATUSES,
  PROGRAMA_TIPO_LABELS,
  PROGRAMA_TIPOS,
  type ProgramaInput,
  type ProgramaResponse,
  type ProgramaStatus,
  type ProgramaTipo,
} from '@shared/contracts/programs.contract';
import { Alert } from '../../../components/ui/alert';
import {
  fieldBinder,
  Options,
  SelectField,
  StartEndFields,
  TextAreaField,
  UppercaseField,
  WholeNumberField,
} from '../../../components/ui/field';
import { FieldError } from '../../../components/ui/field-error';
import { FormActions } from '../../../components/ui/form-actions';
import { CloseIcon, PlusIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { UppercaseInput } from '../../../components/ui/uppercase-input';
import { errorMessage, listFieldErrors, type FieldErrors } from '../../../lib/api-client';
import { DATETIME_INPUT_LENGTH, PROGRAM_MIN_CAPACITY } from '../../../lib/constants';
import { fromLocalInput, toLocalInput } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { createPrograma } from '../api/create-programa';
import { updatePrograma } from '../api/update-programa';
import { upsertPrograma } from '../stores/programs-store';
import { Button } from '../../../components/ui/button';

interface FormValue {
  nombre: string;
  tipo: ProgramaTipo;
  fecha_inicio: string;
  fecha_fin: string;
  ubicacion: string;
  max_participantes: string;
  status: ProgramaStatus;
  descripcion: string;
  requisitos: string[];
  beneficios: string[];
}

/** Spec 3 §9: new programs are continuo and draft. */
const EMPTY_FORM: FormValue = {
  nombre: '',
  tipo: 'continuo',
  fecha_inicio: '',
  fecha_fin: '',
  ubicacion: '',
  max_participantes: '',
  status: 'draft',
  descripcion: '',
  requisitos: [''],
  beneficios: [''],
};

function formFrom(p: ProgramaResponse): FormValue {
  return {
    nombre: p.nombre,
    tipo: p.tipo,
    fecha_inicio: toLocalInput(p.fecha_inicio).slice(0, DATETIME_INPUT_LENGTH),
    fecha_fin: toLocalInput(p.fecha_fin).slice(0, DATETIME_INPUT_LENGTH),
    ubicacion: p.ubicacion ?? '',
    max_participantes: p.max_participantes === null ? '' : String(p.max_participantes),
    status: p.status,
    descripcion: p.descripcion,
    requisitos: p.requisitos.length ? [...p.requisitos] : [''],
    beneficios: p.beneficios.length ? [...p.beneficios] : [''],
  };
}

const items = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);

/** The rules of spec 3 §5, in the server's words, before anything is sent. */
function validate(v: FormValue): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.nombre.trim()) errors.nombre = ['El nombre es obligatorio.'];
  if (!v.descripcion.trim()) errors.descripcion = ['La descripción es obligatoria.'];
  if (v.tipo === 'fecha_especifica') {
    if (!v.fecha_inicio) errors.fecha_inicio = ['La fecha de inicio es obligatoria para un programa de fecha específica.'];
    else if (!fromLocalInput(v.fecha_inicio)) errors.fecha_inicio = ['La fecha de inicio no es válida.'];
    if (v.fecha_fin && v.fecha_inicio && v.fecha_fin < v.fecha_inicio) {
      errors.fecha_fin = ['La fecha de fin no puede ser anterior a la fecha de inicio.'];
    }
  }
  if (v.max_participantes.trim() !== '') {
    const n = Number(v.max_participantes);
    if (!Number.isInteger(n)) errors.max_participantes = ['El máximo de participantes debe ser un número entero.'];
    else if (n < PROGRAM_MIN_CAPACITY) {
      errors.max_participantes = ['El máximo de participantes debe ser al menos 1 (déjalo vacío para no tener límite).'];
    }
  }
  return errors;
}

function toPayload(v: FormValue): ProgramaInput {
  const specific = v.tipo === 'fecha_especifica';
  return {
    nombre: v.nombre.trim(),
    descripcion: v.descripcion.trim(),
    tipo: v.tipo,
    fecha_inicio: specific ? fromLocalInput(v.fecha_inicio) : null,
    fecha_fin: specific && v.fecha_fin ? fromLocalInput(v.fecha_fin) : null,
    ubicacion: v.ubicacion.trim() || null,
    max_participantes: v.max_participantes.trim() === '' ? null : Number(v.max_participantes),
    status: v.status,
    requisitos: items(v.requisitos),
    beneficios: items(v.beneficios),
  };
}

/** requisitos / beneficios: rows added and removed, each uppercased as typed. */
function ListField({
  id,
  legend,
  singular,
  value: values,
  errors,
  onValueChange: onChange,
}: {
  id: string;
  legend: string;
  singular: string;
  value: string[];
  errors: string[];
  onValueChange: (next: string[]) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const add = () => {
    onChange([...values, '']);
    // Focus the new row once it is rendered.
    window.setTimeout(() => listRef.current?.querySelectorAll<HTMLInputElement>('input').item(values.length)?.focus(), 0);
  };
  return (
    <fieldset className="field programs-list-field" data-testid={id}>
      <legend className="field__label">{legend}</legend>
      <div className="programs-list-field__rows" ref={listRef}>
        {values.map((item, i) => (
          <div className="programs-list-field__row" key={i}>
            <UppercaseInput
              id={`${id}-${i}`}
              className="input"
              value={item}
              aria-label={`${singular} ${i + 1}`}
              maxLength={PROGRAMA_LIMITS.listItem}
              onValueChange={(v) => onChange(values.map((x, j) => (j === i ? v : x)))}
            />
            <Button
              variant="ghost"
              size="sm"
              className="programs-list-field__remove"
              aria-label={`Quitar ${singular.toLowerCase()} ${i + 1}`}
              onClick={() => onChange(values.length === 1 ? [''] : values.filter((_, j) => j !== i))}
            >
              <CloseIcon size={16} />
            </Button>
          </div>
        ))}
      </div>
      <Button size="sm" onClick={add} disabled={values.length >= PROGRAMA_LIMITS.listItems} data-testid={`${id}-add`}>
        <PlusIcon size={16} /> Agregar {singular.toLowerCase()}
      </Button>
      <FieldError id={`${id}-error`} messages={errors.length ? errors : undefined} />
    </fieldset>
  );
}

/** Create and edit modal of spec 3 §2.6 (every field, the rules of §5). */
export function ProgramaFormModal({ programa, onClose }: { programa?: ProgramaResponse; onClose: () => void }) {
  const mode = programa ? 'edit' : 'create';
  const [value, setValue] = useState<FormValue>(() => (programa ? formFrom(programa) : EMPTY_FORM));
  const { errors, submitting, submit } = useFormSubmit();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const set = <K extends keyof FormValue>(key: K, v: FormValue[K]) => setValue((prev) => ({ ...prev, [key]: v }));
  const bind = fieldBinder(`programa-${mode}-`, value, errors, set);
  const listErrors = (key: string) => listFieldErrors(errors, key);

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setServerMessage(null);
    await submit({
      problems: validate(value),
      focusPrefix: `programa-${mode}-`,
      send: async () => {
        const response = programa ? await updatePrograma(programa.id, toPayload(value)) : await createPrograma(toPayload(value));
        upsertPrograma(response.programa);
        toast.success(programa ? 'Programa actualizado exitosamente' : 'Programa creado exitosamente');
        onClose();
      },
      refused: (error) => {
        // Create: the server's message or the fallback; update: 'Error al actualizar el programa' (spec 3 §8).
        const message = programa ? 'Error al actualizar el programa' : errorMessage(error, 'Error al crear el programa');
        setServerMessage(programa ? errorMessage(error, message) : message);
        toast.error(message);
      },
    });
  };

  return (
    <Modal title={programa ? 'Editar Programa' : 'Crear Nuevo Programa'} onClose={onClose} testId={`programa-${mode}-modal`} size="lg">
      <form className="programa-form" onSubmit={handleSubmit} noValidate data-testid={`programa-${mode}-form`}>
        {serverMessage ? (
          <Alert kind="error" testId="programa-form-message">
            {serverMessage}
          </Alert>
        ) : null}
        <UppercaseField label="Nombre del programa" {...bind('nombre')} required maxLength={PROGRAMA_LIMITS.nombre} />

        <div className="form-grid">
          <SelectField label="Tipo" {...bind('tipo')}>
            <Options values={PROGRAMA_TIPOS} labels={PROGRAMA_TIPO_LABELS} />
          </SelectField>
          <SelectField label="Estado" {...bind('status')}>
            <Options values={PROGRAMA_STATUSES} labels={PROGRAMA_STATUS_LABELS} />
          </SelectField>
        </div>

        {value.tipo === 'fecha_especifica' ? (
          <div className="form-grid" data-testid="programa-dates">
            <StartEndFields start={bind('fecha_inicio')} end={bind('fecha_fin')} />
          </div>
        ) : null}

        <div className="form-grid">
          <UppercaseField label="Ubicación (opcional)" {...bind('ubicacion')} maxLength={PROGRAMA_LIMITS.ubicacion} />
          <WholeNumberField
            label="Máximo de participantes"
            {...bind('max_participantes')}
            min={PROGRAM_MIN_CAPACITY}
            placeholder="Sin límite"
          />
        </div>

        <TextAreaField label="Descripción" {...bind('descripcion')} rows={4} required maxLength={PROGRAMA_LIMITS.descripcion} />

        <div className="form-grid">
          <ListField legend="Requisitos" singular="Requisito" {...bind('requisitos')} errors={listErrors('requisitos')} />
          <ListField legend="Beneficios" singular="Beneficio" {...bind('beneficios')} errors={listErrors('beneficios')} />
        </div>

        <FormActions onCancel={onClose} submitDisabled={submitting} submitTestId={`programa-${mode}-submit`}>
          {submitting ? 'Guardando...' : programa ? 'Actualizar Programa' : 'Crear Programa'}
        </FormActions>
      </form>
    </Modal>
  );
}
