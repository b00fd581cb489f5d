import { useRef, useState } from 'react';
import { fieldErrors, type FieldErrors } from './api-client';

/** The first wrong field gets the focus: the control `${prefix}${field}`, or a group's first option (`${prefix}${field}-…`). */
function focusField(prefix: string, field: string): void {
  const id = `${prefix}${field}`;
  const target = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^="${id.replace(/["\\]/g, '\\$&')}-"]`);
  target?.focus();
}

/**
 * A form's submission, the same for every form: the form's own check first (its errors shown, the first
 * wrong field focused, nothing sent), then the request; a refusal brings back the server's errors per
 * field and the form says what it must (alert, toast, panel). `submitting` is true while the request is out;
 * a second submit meanwhile is ignored.
 */
export function useFormSubmit() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  /** Resolves true when the request was sent and accepted. */
  async function submit({
    problems,
    focusPrefix,
    invalid,
    beforeSend,
    send,
    refused,
  }: {
    /** What the form's own check found; any entry stops the submission. */
    problems: FieldErrors;
    /** With it, the first wrong field (`${focusPrefix}${field}`) gets the focus. */
    focusPrefix?: string;
    /** The own check stopped the submission: what the form says besides the fields (a summary panel). */
    invalid?: (problems: FieldErrors) => void;
    /** A last check that needs the server (e.g. the e-mail already registered); false stops, nothing sent. */
    beforeSend?: () => Promise<boolean>;
    send: () => Promise<void>;
    refused: (error: unknown) => void;
  }): Promise<boolean> {
    if (busy.current) return false;
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first !== undefined) {
      if (focusPrefix !== undefined) focusField(focusPrefix, first);
      invalid?.(problems);
      return false;
    }
    busy.current = true;
    try {
      if (beforeSend && !(await beforeSend())) return false;
      setSubmitting(true);
      await send();
      return true;
    } catch (error) {
      setErrors(fieldErrors(error));
      refused(error);
      return false;
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  return { errors, setErrors, submitting, submit };
}
