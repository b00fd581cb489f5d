import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { UserResponse } from '@shared/contracts/users.contract';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { authState, fetchMe } from '../../../lib/auth';
import { EDIT_MODAL_CLOSE_DELAY_MS } from '../../../lib/constants';
import { updateUser } from '../api/update-user';
import { upsertUser } from '../stores/users-store';
import { formFromUser, UserFormFields, type UserFormValue } from './user-form-fields';
import { useUserFormSubmit } from './use-user-form-submit';

/** 'Editar Usuario': password optional, sent with its confirmation only when filled (spec 1 §5). */
export function EditUserModal({ user, onClose }: { user: UserResponse; onClose: () => void }) {
  const [value, setValue] = useState<UserFormValue>(() => formFromUser(user));
  const { errors, submitting, message, setMessage, submitUser } = useUserFormSubmit(false, 'Error al actualizar usuario');
  const [saved, setSaved] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await submitUser(value, async (payload) => {
      const response = await updateUser(user.id, payload);
      upsertUser(response.user);
      if (response.user.id === authState.user?.id) void fetchMe().catch(() => {});
      setSaved(true);
      setMessage({ kind: 'success', text: 'Usuario actualizado exitosamente' });
      closeTimer.current = window.setTimeout(onClose, EDIT_MODAL_CLOSE_DELAY_MS);
    });
  };

  return (
    <Modal title="Editar Usuario" onClose={onClose} testId="edit-user-modal">
      <form className="user-form" onSubmit={handleSubmit} noValidate data-testid="edit-user-form">
        <UserFormFields idPrefix="edit" value={value} onChange={setValue} errors={errors} message={message} mode="edit" />
        <FormActions onCancel={onClose} submitDisabled={submitting || saved} submitTestId="edit-user-submit">
          {submitting ? 'Guardando…' : 'Guardar Cambios'}
        </FormActions>
      </form>
    </Modal>
  );
}
