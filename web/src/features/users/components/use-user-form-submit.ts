import { useState } from 'react';
import type { UserPayload } from '../api/types';
import { errorMessage } from '../../../lib/api-client';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { checkUserForm, toPayload, type UserFormMessage, type UserFormValue } from './user-form-fields';

/**
 * The submission of both user forms (create and edit), written once: the message above the fields, the
 * form's own check (missing fields, then the password pair), the request with the payload, and a refusal
 * said in the message (`refusedText` when the server gives no message).
 */
export function useUserFormSubmit(passwordRequired: boolean, refusedText: string) {
  const { errors, setErrors, submitting, submit } = useFormSubmit();
  const [message, setMessage] = useState<UserFormMessage>(null);

  async function submitUser(value: UserFormValue, send: (payload: UserPayload) => Promise<void>): Promise<void> {
    setMessage(null);
    const { missing, withPassword, mismatch } = checkUserForm(value, passwordRequired);
    if (mismatch) {
      setErrors({});
      setMessage(mismatch);
      return;
    }
    await submit({
      problems: missing,
      send: () => send(toPayload(value, withPassword)),
      refused: (error) => setMessage({ kind: 'error', text: errorMessage(error, refusedText) }),
    });
  }

  return { errors, submitting, message, setMessage, submitUser };
}
