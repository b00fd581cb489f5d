import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/api-client';
import { USER_CREATED_MESSAGE_MS } from '../../../lib/constants';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { createUser } from '../api/create-user';
import { upsertUser } from '../stores/users-store';
import { EMPTY_USER_FORM, missingFields, toPayload, UserFormFields, type UserFormValue } from './user-form-fields';

type Message = { kind: 'success' | 'error'; text: string } | null;

/** The create form of spec 1 §2.5 with the checks of §5 and the messages of §8. */
export function CreateUserForm() {
  const [value, setValue] = useState<UserFormValue>(EMPTY_USER_FORM);
  const { errors, setErrors, submitting, submit } = useFormSubmit();
  const [message, setMessage] = useState<Message>(null);
  const clearTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(clearTimer.current), []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    window.clearTimeout(clearTimer.current);
    setMessage(null);
    const missing = missingFields(value, true);
    if (Object.keys(missing).length === 0 && value.password !== value.password_confirmation) {
      setErrors({});
      setMessage({ kind: 'error', text: 'Las contraseñas no coinciden' });
      return;
    }
    await submit({
      problems: missing,
      send: async () => {
        const { user } = await createUser(toPayload(value, true));
        upsertUser(user);
        setValue(EMPTY_USER_FORM);
        setMessage({ kind: 'success', text: 'Usuario creado exitosamente' });
        clearTimer.current = window.setTimeout(() => setMessage(null), USER_CREATED_MESSAGE_MS);
      },
      refused: (error) => setMessage({ kind: 'error', text: errorMessage(error, 'Error al crear usuario') }),
    });
  };

  return (
    <section className="card" aria-labelledby="create-user-title" data-testid="create-user-card">
      <h2 className="card__title" id="create-user-title">
        Crear Nuevo Usuario
      </h2>
      <form className="user-form" onSubmit={handleSubmit} noValidate data-testid="create-user-form">
        {message ? (
          <Alert kind={message.kind} testId="create-user-message">
            {message.text}
          </Alert>
        ) : null}
        <UserFormFields idPrefix="create" value={value} onChange={setValue} errors={errors} mode="create" />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={submitting} data-testid="create-user-submit">
            {submitting ? 'Creando usuario…' : 'Crear Usuario'}
          </button>
        </div>
      </form>
    </section>
  );
}
