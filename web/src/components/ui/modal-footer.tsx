import type { ReactNode } from 'react';

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
      <button type="button" className="btn btn--secondary" onClick={onCancel}>
        Cancelar
      </button>
      <button type="button" className="btn btn--primary" disabled={confirmDisabled} onClick={onConfirm} data-testid={confirmTestId}>
        {children}
      </button>
    </div>
  );
}
