import type { ReactNode } from 'react';
import { Button } from './button';

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
      <Button variant="ghost" onClick={onCancel}>
        Cancelar
      </Button>
      <Button variant="primary" type="submit" disabled={submitDisabled} data-testid={submitTestId}>
        {children}
      </Button>
    </div>
  );
}
