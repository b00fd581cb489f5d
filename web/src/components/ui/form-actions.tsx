import type { ReactNode } from 'react';

/** A modal form's buttons: 'Cancelar', which closes it, and the submit (its text is the children). */
export function FormActions({
  onCancel,
  submitDisabled,
  submitTestId,
  children,
}: {
  onCancel: () => void;
  submitDisabled: boolean;
  submitTestId: string;
  children: ReactNode;
}) {
  return (
    <div className="form-actions">
      <button type="button" className="btn btn--ghost" onClick={onCancel}>
        Cancelar
      </button>
      <button type="submit" className="btn btn--primary" disabled={submitDisabled} data-testid={submitTestId}>
        {children}
      </button>
    </div>
  );
}
