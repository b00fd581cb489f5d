import type { ReactNode } from 'react';
import { Button } from './button';

/** A modal's 'Cancelar' (closes it) and its primary action, a plain button (the modal has no form to submit). */
export function ModalConfirmFooter({
  onCancel,
  onConfirm,
  confirmDisabled,
  confirmTestId,
  children,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  confirmDisabled: boolean;
  confirmTestId: string;
  children: ReactNode;
}) {
  return (
    <div className="modal__footer">
      <Button onClick={onCancel}>Cancelar</Button>
      <Button variant="primary" disabled={confirmDisabled} onClick={onConfirm} data-testid={confirmTestId}>
        {children}
      </Button>
    </div>
  );
}
