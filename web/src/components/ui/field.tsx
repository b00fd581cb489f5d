import type { ReactNode } from 'react';
import { FieldError } from './field-error';

/** A form field: its label, the control, an optional hint and its validation messages (`${id}-hint`, `${id}-error`). */
export function Field({
  id,
  label,
  errors,
  hint,
  children,
}: {
  id: string;
  label: string;
  errors?: readonly string[];
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
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
