import { useEffect, useRef, useState, type FormEvent } from 'react';
import { USER_CREATED_MESSAGE_MS } from '../../../lib/constants';
import { createUser } from '../api/create-user';
import { upsertUser } from '../stores/users-store';
import { EMPTY_USER_FORM, UserFormFields, type UserFormValue } from './user-form-fields';
import { useUserFormSubmit } from './use-user-form-submit';
import { FormActions } from '../../../components/ui/form-actions';
import { Card } from '../../../components/ui/card';

/** The create form of spec 1 §2.5 with the checks of §5 and the messages of §8. */
export function CreateUserForm() {
  const [value, setValue] = useState<UserFormValue>(EMPTY_USER_FORM);
  const { errors, submitting, message, setMessage, submitUser } = useUserFormSubmit(true, 'Error al crear usuario');
  const clearTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(clearTimer.current), []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    window.clearTimeout(clearTimer.current);
    await submitUser(value, async (payload) => {
      const { user } = await createUser(payload);
      upsertUser(user);
      setValue(EMPTY_USER_FORM);
      setMessage({ kind: 'success', text: 'Usuario creado exitosamente' });
      clearTimer.current = window.setTimeout(() => setMessage(null), USER_CREATED_MESSAGE_MS);
    });
  };

  return (
    <Card title="Crear Nuevo Usuario" testId="create-user-card">
      <form className="user-form" onSubmit={handleSubmit} noValidate data-testid="create-user-form">
        <UserFormFields idPrefix="create" value={value} onChange={setValue} errors={errors} message={message} mode="create" />
        <FormActions submitDisabled={submitting} submitTestId="create-user-submit">
          {submitting ? 'Creando usuario…' : 'Crear Usuario'}
        </FormActions>
      </form>
    </Card>
  );
}
