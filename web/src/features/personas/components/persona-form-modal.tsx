import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  PERSONA_CATALOGUE_FIELDS,
  PERSONA_FIELDS,
  type CatalogueItem,
  type CatalogueType,
  type LookupData,
  type PersonaResponse,
} from '@shared/contracts/personas.contract';
import { Alert } from '../../../components/ui/alert';
import { PlusIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { UppercaseInput } from '../../../components/ui/uppercase-input';
import { errorMessage, fieldErrors, type FieldErrors } from '../../../lib/api-client';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { BIRTH_YEAR_MIN, PERSONA_PHONE_MAX_DIGITS } from '../../../lib/constants';
import { normalizePhone } from '@shared/rules/persona-rules';
import { toast } from '../../../lib/toast';
import { createPersona } from '../api/create-persona';
import type { PersonaPayload } from '../api/types';
import { updatePersona } from '../api/update-persona';
import { CATALOGUE_LABELS, CATALOGUE_LISTS, MONTHS, PERSONA_FIELD_LABELS } from '../persona-labels';
import { CatalogueValueModal } from './catalogue-value-modal';
import { FieldError } from '../../../components/ui/field-error';
import { ItemOptions, Options } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

type TextField = Exclude<keyof PersonaPayload, 'fecha_nacimiento' | `${CatalogueType}_id`>;
type CatalogueField = `${CatalogueType}_id`;

/** The form holds every value as text: catalogue ids as strings ('' = none), the birth date in three parts. */
type FormValue = Record<TextField | CatalogueField, string> & { birth_day: string; birth_month: string; birth_year: string };

const CATALOGUE_FIELDS: Record<CatalogueType, CatalogueField> = PERSONA_CATALOGUE_FIELDS;
const TEXT_FIELDS = PERSONA_FIELDS.filter(
  (f): f is TextField => f !== 'fecha_nacimiento' && !(Object.values(CATALOGUE_FIELDS) as string[]).includes(f),
);

function emptyForm(lookup: LookupData | null): FormValue {
  const value = Object.fromEntries([...TEXT_FIELDS, ...Object.values(CATALOGUE_FIELDS)].map((k) => [k, ''])) as FormValue;
  // Spec 3 §2.2: the main address defaults to the configured municipality and NUEVO LEÓN; the alternate has none.
  value.direccion_ciudad = lookup?.default_ciudad ?? '';
  value.direccion_estado = lookup?.default_estado ?? '';
  value.birth_day = '';
  value.birth_month = '';
  value.birth_year = '';
  return value;
}

function formFromPersona(p: PersonaResponse): FormValue {
  const value = emptyForm(null);
  for (const key of TEXT_FIELDS) value[key] = (p[key] ?? '').toString();
  for (const key of Object.values(CATALOGUE_FIELDS)) value[key] = p[key] ? String(p[key]) : '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(p.fecha_nacimiento ?? '');
  if (match) {
    value.birth_year = match[1];
    value.birth_month = String(Number(match[2]));
    value.birth_day = String(Number(match[3]));
  }
  return value;
}

/** 'YYYY-MM-DD' from the three selects; null when none is chosen; an error when incomplete or impossible. */
function birthDate(value: FormValue): { date: string | null; error?: string } {
  const { birth_day: d, birth_month: m, birth_year: y } = value;
  if (!d && !m && !y) return { date: null };
  if (!d || !m || !y) return { date: null, error: 'Selecciona día, mes y año, o deja los tres vacíos.' };
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCDate() !== Number(d)) return { date: null, error: 'La fecha de nacimiento no es válida.' };
  return { date: `${y.padStart(4, '0')}-${m.padStart(2, '0')}-${d.padStart(2, '0')}` };
}

function toPayload(value: FormValue, fecha: string | null): PersonaPayload {
  const id = (key: CatalogueField) => (value[key] ? Number(value[key]) : null);
  const text = Object.fromEntries(TEXT_FIELDS.map((k) => [k, value[k].trim()])) as Record<TextField, string>;
  return {
    ...text,
    profesion_id: id('profesion_id'),
    sector_id: id('sector_id'),
    empresa_id: id('empresa_id'),
    puesto_id: id('puesto_id'),
    zona_id: id('zona_id'),
    fecha_nacimiento: fecha,
  };
}

/** 'Errores de validación:' and one 'field: messages' line per field (spec 3 §8). */
export function validationAlertText(errors: FieldErrors): string {
  const lines = Object.entries(errors).map(([field, messages]) => `${PERSONA_FIELD_LABELS[field] ?? field}: ${messages.join(', ')}`);
  return ['Errores de validación:', ...lines].join('\n');
}

const digitsOnly = (raw: string) => raw.replace(/\D/g, '').slice(0, PERSONA_PHONE_MAX_DIGITS);
/** A phone's digits; pasted with the country code ("+52 81 1234 5678"), its 10 national digits (as the server reads it). */
const phoneDigits = (raw: string) => normalizePhone(raw) ?? digitsOnly(raw);
const currentYear = new Date().getFullYear();
const YEARS = Array.from({ length: currentYear - BIRTH_YEAR_MIN + 1 }, (_, i) => String(currentYear - i));
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
/** The birth date's three selects: day, month (by name) and year, each with its [value, label] options. */
const BIRTH_PARTS = [
  { key: 'birth_day', label: 'Día', testId: 'birth-day', options: DAYS.map((d) => [d, d]) },
  { key: 'birth_month', label: 'Mes', testId: 'birth-month', options: MONTHS.map((name, i) => [String(i + 1), name]) },
  { key: 'birth_year', label: 'Año', testId: 'birth-year', options: YEARS.map((y) => [y, y]) },
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__legend">{title}</legend>
      <div className="form-section__grid">{children}</div>
    </fieldset>
  );
}

/** Options of a fixed list (cities, states) plus the stored value when it is not in the list, so it is kept. */
function withCurrent(list: readonly string[], current: string): string[] {
  return current && !list.includes(current) ? [current, ...list] : [...list];
}

/**
 * 'Nueva Persona' / 'Editar Persona' (spec 3 §2.2, §5): every section and field, uppercase as typed,
 * phones digits only, birth date as three selects, + buttons that add catalogue values (§2.3).
 */
export function PersonaFormModal({
  persona,
  lookup,
  onSaved,
  onClose,
}: {
  persona?: PersonaResponse;
  lookup: LookupData | null;
  onSaved: (persona: PersonaResponse) => void;
  onClose: () => void;
}) {
  const mode = persona ? 'edit' : 'create';
  const uid = useId();
  const [value, setValue] = useState<FormValue>(() => (persona ? formFromPersona(persona) : emptyForm(lookup)));
  const { errors, submitting: saving, submit } = useFormSubmit();
  const [message, setMessage] = useState<string | null>(null);
  const [adding, setAdding] = useState<CatalogueType | null>(null);

  const set = (key: keyof FormValue, v: string) => setValue((prev) => ({ ...prev, [key]: v }));
  const id = (key: string) => `${uid}-${key}`;
  const errorId = (key: string) => `persona-${key}-error`;
  const invalidClass = (key: string, extra = '') => `input ${extra} ${errors[key]?.length ? 'input--invalid' : ''}`.trim();
  const aria = (key: string) =>
    errors[key]?.length ? { 'aria-invalid': true as const, 'aria-describedby': errorId(key) } : { 'aria-invalid': undefined };
  /** A select of the form, its options given. */
  const select = (key: keyof FormValue, options: ReactNode) => (
    <select
      id={id(key)}
      className={invalidClass(key, 'select')}
      value={value[key]}
      onChange={(e) => set(key, e.target.value)}
      {...aria(key)}
    >
      {options}
    </select>
  );
  /** One field of the form: its label, the control and the control's errors. */
  const field = (key: string, label: string, control: ReactNode, wide = false) => (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label className="field__label" htmlFor={id(key)}>
        {label}
      </label>
      {control}
      <FieldError id={errorId(key)} messages={errors[key]} />
    </div>
  );

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const birth = birthDate(value);
    setMessage(null);
    await submit({
      problems: birth.error ? { fecha_nacimiento: [birth.error] } : {},
      focusPrefix: id(''),
      invalid: (problems) => setMessage(validationAlertText(problems)),
      send: async () => {
        const payload = toPayload(value, birth.date);
        const response = persona ? await updatePersona(persona.id, payload) : await createPersona(payload);
        toast.success(response.message || (persona ? 'Persona actualizada exitosamente' : 'Persona creada exitosamente'));
        onSaved(response.persona);
      },
      refused: (error) => {
        const problems = fieldErrors(error);
        const text = Object.keys(problems).length > 0 ? validationAlertText(problems) : errorMessage(error, 'Error al guardar la persona');
        setMessage(text);
        window.alert(text);
      },
    });
  };

  const text = (key: TextField, label: string, options: { placeholder?: string; wide?: boolean; max?: number } = {}) => {
    const { placeholder, wide, max = 200 } = options;
    return field(
      key,
      label,
      <UppercaseInput
        id={id(key)}
        className={invalidClass(key)}
        value={value[key]}
        onValueChange={(v) => set(key, v)}
        maxLength={max}
        placeholder={placeholder}
        autoComplete="off"
        {...aria(key)}
      />,
      wide,
    );
  };

  const phone = (key: 'telefono_oficina' | 'extension_oficina' | 'telefono_celular', label: string, placeholder: string) =>
    field(
      key,
      label,
      <input
        id={id(key)}
        className={invalidClass(key)}
        type="tel"
        inputMode="numeric"
        value={value[key]}
        onChange={(e) => set(key, key === 'extension_oficina' ? digitsOnly(e.target.value) : phoneDigits(e.target.value))}
        placeholder={placeholder}
        autoComplete="off"
        {...aria(key)}
      />,
    );

  const catalogue = (type: CatalogueType) => {
    const key = CATALOGUE_FIELDS[type];
    const label = CATALOGUE_LABELS[type];
    const items: readonly CatalogueItem[] = lookup?.[CATALOGUE_LISTS[type]] ?? [];
    return field(
      key,
      label,
      <div className="select-add">
        {select(key, <ItemOptions items={items} placeholder={`Seleccionar ${label.toLowerCase()}`} />)}
        <Button
          className="select-add__button"
          onClick={() => setAdding(type)}
          aria-label={`Agregar ${label}`}
          title={`Agregar ${label}`}
          data-testid={`add-${type}`}
        >
          <PlusIcon size={18} />
        </Button>
      </div>,
    );
  };

  const place = (key: 'direccion_ciudad' | 'direccion_estado' | 'direccion_alterna_ciudad' | 'direccion_alterna_estado', label: string) => {
    const list = key.endsWith('ciudad') ? (lookup?.ciudades ?? []) : (lookup?.estados ?? []);
    return field(
      key,
      label,
      select(
        key,
        <Options
          values={withCurrent(list, value[key])}
          placeholder={key.endsWith('ciudad') ? 'Seleccionar ciudad' : 'Seleccionar estado'}
        />,
      ),
    );
  };

  /** Calle, número, colonia, ciudad and estado of the main or the alternate address. */
  const address = (prefix: 'direccion_' | 'direccion_alterna_') => (
    <>
      {text(`${prefix}calle`, 'Calle', { wide: true })}
      {text(`${prefix}numero`, 'Número', { max: 20 })}
      {text(`${prefix}colonia`, 'Colonia')}
      {place(`${prefix}ciudad`, 'Ciudad')}
      {place(`${prefix}estado`, 'Estado')}
    </>
  );

  const birthError = errors.fecha_nacimiento;

  return (
    <>
      <Modal title={mode === 'create' ? 'Nueva Persona' : 'Editar Persona'} onClose={onClose} size="lg" testId={`persona-${mode}-modal`}>
        <form className="persona-form" onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="persona-form">
          <Section title="Información Básica">
            {catalogue('profesion')}
            {text('nombre', 'Nombre', { placeholder: 'Nombre(s)', max: 100 })}
            {text('apellido_paterno', 'Apellido paterno', { max: 100 })}
            {text('apellido_materno', 'Apellido materno', { max: 100 })}
            <div className="field field--wide" role="group" aria-labelledby={id('birth-label')}>
              <span className="field__label" id={id('birth-label')}>
                Fecha de nacimiento
              </span>
              <div className="birth-date">
                {BIRTH_PARTS.map((part) => (
                  <select
                    key={part.key}
                    id={`${id('fecha_nacimiento')}-${part.key}`}
                    className={invalidClass('fecha_nacimiento', 'select')}
                    value={value[part.key]}
                    onChange={(e) => set(part.key, e.target.value)}
                    aria-label={part.label}
                    data-testid={part.testId}
                    {...aria('fecha_nacimiento')}
                  >
                    <option value="">{part.label}</option>
                    {part.options.map(([optionValue, optionLabel]) => (
                      <option key={optionValue} value={optionValue}>
                        {optionLabel}
                      </option>
                    ))}
                  </select>
                ))}
              </div>
              <FieldError id={errorId('fecha_nacimiento')} messages={birthError} />
            </div>
          </Section>

          <Section title="Información Profesional">
            {catalogue('sector')}
            {catalogue('empresa')}
            {catalogue('puesto')}
            {text('particular_asistente', 'Particular / Asistente', { placeholder: 'Nombre del particular o asistente' })}
          </Section>

          <Section title="Información de Contacto">
            {phone('telefono_oficina', 'Teléfono oficina', '10 dígitos')}
            {phone('extension_oficina', 'Extensión', 'Ext.')}
            {phone('telefono_celular', 'Teléfono celular', '10 dígitos')}
            {field(
              'correo_electronico',
              'Correo electrónico',
              <UppercaseInput
                id={id('correo_electronico')}
                className={invalidClass('correo_electronico')}
                value={value.correo_electronico}
                onValueChange={(v) => set('correo_electronico', v)}
                inputMode="email"
                autoComplete="off"
                maxLength={254}
                placeholder="CORREO@EJEMPLO.COM"
                {...aria('correo_electronico')}
              />,
            )}
          </Section>

          <Section title="Dirección Principal">{address('direccion_')}</Section>

          <Section title="Dirección Alterna">{address('direccion_alterna_')}</Section>

          <Section title="Otra Información">
            {catalogue('zona')}
            {text('invita', 'Invita', { placeholder: 'Quién invita' })}
          </Section>

          {message ? (
            <Alert kind="error" testId="persona-form-message">
              <span className="multiline">{message}</span>
            </Alert>
          ) : null}

          <div className="form-actions persona-form__actions">
            <Button variant="ghost" onClick={onClose}>
              Cancelar
            </Button>
            <Button variant="primary" type="submit" disabled={saving} data-testid="persona-submit">
              {saving ? 'Guardando...' : 'Guardar'}
            </Button>
          </div>
        </form>
      </Modal>
      {adding ? (
        <CatalogueValueModal
          type={adding}
          onClose={() => setAdding(null)}
          onAdded={(item) => {
            set(CATALOGUE_FIELDS[adding], String(item.id));
            setAdding(null);
          }}
        />
      ) : null}
    </>
  );
}
