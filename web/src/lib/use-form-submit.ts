import { useState } from 'react';
import { fieldErrors, type FieldErrors } from './api-client';

/**
 * A form's submission, the same for every form: the form's own check first (its errors shown, the first
 * wrong field focused, nothing sent), then the request; a refusal brings back the server's errors per
 * field and the form says what it must (alert, toast, panel). `submitting` is true while the request is out.
 */
export function useFormSubmit() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  /** Resolves true when the request was sent and accepted. */
  async function submit({
    problems,
    focusPrefix,
    send,
    refused,
  }: {
    /** What the form's own check found; any entry stops the submission. */
    problems: FieldErrors;
    /** With it, the first wrong field (`${focusPrefix}${field}`) gets the focus. */
    focusPrefix?: string;
    send: () => Promise<void>;
    refused: (error: unknown) => void;
  }): Promise<boolean> {
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first !== undefined) {
      if (focusPrefix) document.getElementById(`${focusPrefix}${first}`)?.focus();
      return false;
    }
    setSubmitting(true);
    try {
      await send();
      return true;
    } catch (error) {
      setErrors(fieldErrors(error));
      refused(error);
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  return { errors, setErrors, submitting, submit };
}
