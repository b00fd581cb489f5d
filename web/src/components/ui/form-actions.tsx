import type { ReactNode } from 'react';
import { Button } from './button';

/** A form's buttons: 'Cancelar' (when the form can be left, e.g. a modal's: `onCancel` closes it), then the submit (its text is the children). */
export function FormActions({
  onCancel,
  submitDisabled,
  submitTestId,
  children,
}: {
  onCancel?: () => void;
  submitDisabled: boolean;
  submitTestId: string;
  children: ReactNode;
}) {
  return (
    <div className="form-actions">
      {onCancel ? (
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
      ) : null}
      <Button variant="primary" type="submit" disabled={submitDisabled} data-testid={submitTestId}>
        {children}
      </Button>
    </div>
  );
}
