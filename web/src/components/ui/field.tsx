import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { DATETIME_INPUT_LENGTH, PHONE_DIGITS } from '../../lib/constants';
import { FieldError } from './field-error';
import { UppercaseInput } from './uppercase-input';

/**
 * A form field: its label, the control, an optional hint and its validation messages (`${id}-hint`, `${id}-error`);
 * `wide` spans the whole row of a form grid.
 */
export function Field({
  id,
  label,
  errors,
  hint,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  errors?: readonly string[];
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}

/** The control's accessible state for a Field of the same `id`: invalid when it has errors, described by its hint and errors. */
export function fieldAria(id: string, errors: readonly string[] | undefined, options: { hint?: boolean; describedBy?: string } = {}) {
  const invalid = !!errors?.length;
  return {
    'aria-invalid': invalid || undefined,
    'aria-describedby':
      [options.hint ? `${id}-hint` : '', invalid ? `${id}-error` : '', options.describedBy ?? ''].filter(Boolean).join(' ') || undefined,
  };
}

/** The class of a field's control: `input`, `input--invalid` when it has errors, then its kind (`select`, `textarea`). */
export function controlClass(errors: readonly string[] | undefined, kind?: string): string {
  const base = errors?.length ? 'input input--invalid' : 'input';
  return kind ? `${base} ${kind}` : base;
}

/** What every field control takes besides its own attributes: the Field's id, label, hint and errors. */
interface FieldProps {
  id: string;
  label: string;
  errors?: readonly string[];
  hint?: string;
  /** Another element that describes the control (added to its hint and errors). */
  describedBy?: string;
  /** The field spans the whole row of a form grid. */
  wide?: boolean;
}

/** A control bound to a Field: its own attributes (but id, value, onChange) plus a typed `value` and `onValueChange`. */
type ValueFieldProps<Attributes, V> = FieldProps &
  Omit<Attributes, 'id' | 'value' | 'onChange'> & {
    value: V;
    onValueChange: (value: V) => void;
  };

/**
 * A field control's props split in two: the Field's (id, label, errors, hint, wide) and the control's (its id, class and
 * accessible state, then its own attributes).
 */
function fieldParts<P extends FieldProps>({ label, errors, hint, describedBy, wide, ...control }: P, kind?: string) {
  const { id } = control;
  return {
    field: { id, label, errors, hint, wide },
    control: { className: controlClass(errors, kind), ...fieldAria(id, errors, { hint: !!hint, describedBy }), ...control },
  };
}

/** A labelled text input whose value changes by `onValueChange` (other input attributes pass through). */
export function TextField({ onValueChange, ...props }: ValueFieldProps<InputHTMLAttributes<HTMLInputElement>, string>) {
  const { field, control } = fieldParts(props);
  return (
    <Field {...field}>
      <input {...control} onChange={(e) => onValueChange(e.target.value)} />
    </Field>
  );
}

/** A labelled 10-digit phone input with its hint: anything but digits is dropped as it is typed. */
export function PhoneField({
  onValueChange,
  ...props
}: Omit<Parameters<typeof TextField>[0], 'hint' | 'type' | 'inputMode' | 'pattern' | 'maxLength'>) {
  return (
    <TextField
      hint="10 dígitos, sin espacios."
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      pattern="[0-9]{10}"
      maxLength={PHONE_DIGITS}
      {...props}
      onValueChange={(v) => onValueChange(v.replace(/\D/g, '').slice(0, PHONE_DIGITS))}
    />
  );
}

/** A labelled whole-number input (a capacity, a count), from its `min` up. */
export function WholeNumberField(props: Omit<Parameters<typeof TextField>[0], 'type' | 'inputMode' | 'step'>) {
  return <TextField type="number" inputMode="numeric" step={1} {...props} />;
}

/** A labelled date-time input, its value cut to the 16 characters of `YYYY-MM-DDTHH:mm` (spec 1 §5). */
export function DateTimeField({ onValueChange, ...props }: Omit<Parameters<typeof TextField>[0], 'type'>) {
  return <TextField type="datetime-local" {...props} onValueChange={(v) => onValueChange(v.slice(0, DATETIME_INPUT_LENGTH))} />;
}

type DateTimeBinding = Omit<Parameters<typeof DateTimeField>[0], 'label'>;

/** 'Fecha y hora de inicio' (required) and 'Fecha y hora de fin (opcional)', which cannot be picked before the start. */
export function StartEndFields({ start, end }: { start: DateTimeBinding; end: DateTimeBinding }) {
  return (
    <>
      <DateTimeField label="Fecha y hora de inicio" {...start} required />
      <DateTimeField label="Fecha y hora de fin (opcional)" {...end} min={start.value || undefined} />
    </>
  );
}

/** A labelled UppercaseInput (names, e-mails and codes the spec stores in uppercase). */
export function UppercaseField(props: FieldProps & Omit<Parameters<typeof UppercaseInput>[0], 'id'>) {
  const { field, control } = fieldParts(props);
  return (
    <Field {...field}>
      <UppercaseInput {...control} />
    </Field>
  );
}

/** A labelled textarea. */
export function TextAreaField({ onValueChange, ...props }: ValueFieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>, string>) {
  const { field, control } = fieldParts(props, 'textarea');
  return (
    <Field {...field}>
      <textarea {...control} onChange={(e) => onValueChange(e.target.value)} />
    </Field>
  );
}

/** A labelled select of `T` values; its options are the children (see Options). */
export function SelectField<T extends string>({ onValueChange, ...props }: ValueFieldProps<SelectHTMLAttributes<HTMLSelectElement>, T>) {
  const { field, control } = fieldParts(props, 'select');
  return (
    <Field {...field}>
      <select {...control} onChange={(e) => onValueChange(e.target.value as T)} />
    </Field>
  );
}

/** The options of a select: each value with its label (the value itself when there are no labels), after an optional empty choice. */
export function Options<T extends string>({
  values,
  labels,
  placeholder,
}: {
  values: readonly T[];
  labels?: Readonly<Record<T, string>>;
  placeholder?: string;
}) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {values.map((v) => (
        <option key={v} value={v}>
          {labels ? labels[v] : v}
        </option>
      ))}
    </>
  );
}

/** A list's records as a select's options (value: the id, label: the name), after the empty choice. */
export function ItemOptions({ items, placeholder }: { items: readonly { id: number; nombre: string }[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {items.map((item) => (
        <option key={item.id} value={String(item.id)}>
          {item.nombre}
        </option>
      ))}
    </>
  );
}

/** A select labelled elsewhere (a wrapping label, aria-label) whose value changes by `onValueChange`; its options are the children. */
export function Select<T extends string>({
  className,
  onValueChange,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & { value: T; onValueChange: (value: T) => void }) {
  return (
    <select
      className={className ? `input select ${className}` : 'input select'}
      {...select}
      onChange={(e) => onValueChange(e.target.value as T)}
    />
  );
}

/**
 * A form's fields by key, for the controls above: each one's id (`${prefix}${key}`), errors, value and
 * setter, so a field is written once as `<TextField label="…" {...bind('key')} />`.
 */
export function fieldBinder<V>(
  prefix: string,
  value: V,
  errors: Readonly<Record<string, readonly string[] | undefined>>,
  set: <K extends keyof V>(key: K, v: V[K]) => void,
) {
  return <K extends keyof V & string>(key: K) => ({
    id: `${prefix}${key}`,
    errors: errors[key],
    value: value[key],
    onValueChange: (v: V[K]) => set(key, v),
  });
}
