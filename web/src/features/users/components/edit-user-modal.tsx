import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { UserResponse } from '@shared/contracts/users.contract';
import { Alert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { authState, fetchMe } from '../../../lib/auth';
import { EDIT_MODAL_CLOSE_DELAY_MS } from '../../../lib/constants';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { updateUser } from '../api/update-user';
import { upsertUser } from '../stores/users-store';
import { formFromUser, missingFields, toPayload, UserFormFields, type UserFormValue } from './user-form-fields';

type Message = { kind: 'success' | 'error'; text: string } | null;

/** 'Editar Usuario': password optional, sent with its confirmation only when filled (spec 1 §5). */
export function EditUserModal({ user, onClose }: { user: UserResponse; onClose: () => void }) {
  const [value, setValue] = useState<UserFormValue>(() => formFromUser(user));
  const { errors, setErrors, submitting, submit } = useFormSubmit();
  const [message, setMessage] = useState<Message>(null);
  const [saved, setSaved] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const missing = missingFields(value, false);
    const withPassword = value.password !== '' || value.password_confirmation !== '';
    if (Object.keys(missing).length === 0 && withPassword && value.password !== value.password_confirmation) {
      setErrors({});
      setMessage({ kind: 'error', text: 'Las contraseñas no coinciden' });
      return;
    }
    await submit({
      problems: missing,
      send: async () => {
        const response = await updateUser(user.id, toPayload(value, withPassword));
        upsertUser(response.user);
        if (response.user.id === authState.user?.id) void fetchMe().catch(() => {});
        setSaved(true);
        setMessage({ kind: 'success', text: 'Usuario actualizado exitosamente' });
        closeTimer.current = window.setTimeout(onClose, EDIT_MODAL_CLOSE_DELAY_MS);
      },
      refused: (error) => setMessage({ kind: 'error', text: errorMessage(error, 'Error al actualizar usuario') }),
    });
  };

  return (
    <Modal title="Editar Usuario" onClose={onClose} testId="edit-user-modal">
      <form className="user-form" onSubmit={handleSubmit} noValidate data-testid="edit-user-form">
        {message ? (
          <Alert kind={message.kind} testId="edit-user-message">
            {message.text}
          </Alert>
        ) : null}
        <UserFormFields idPrefix="edit" value={value} onChange={setValue} errors={errors} mode="edit" />
        <FormActions onCancel={onClose} submitDisabled={submitting || saved} submitTestId="edit-user-submit">
          {submitting ? 'Guardando…' : 'Guardar Cambios'}
        </FormActions>
      </form>
    </Modal>
  );
}
