import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { Modal } from './modal';
import { Button } from './button';

/**
 * A confirmation before a destructive action (remove, release, delete, deactivate): while the action runs
 * both buttons wait and the modal stays; success toasts the action's message and closes, failure toasts the
 * server's message (or the fallback) and lets the person try again.
 */
export function ConfirmModal({
  title,
  children,
  confirmLabel,
  busyLabel,
  action,
  errorFallback,
  onClose,
  testId,
  confirmTestId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** Runs the action and answers the success message. */
  action: () => Promise<string>;
  errorFallback: string;
  onClose: () => void;
  testId: string;
  confirmTestId: string;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      toast.success(await action());
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, errorFallback));
      setBusy(false);
    }
  };
  return (
    <Modal title={title} onClose={() => !busy && onClose()} size="sm" testId={testId}>
      {children}
      <footer className="modal__footer">
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={busy} data-testid={confirmTestId}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </footer>
    </Modal>
  );
}
