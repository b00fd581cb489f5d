import { useSnapshot } from 'valtio';
import { dismissToast, toastState } from '../../lib/toast';
import './toaster.css';

/** Renders the toast queue (bottom-right on desktop, top on phones). */
export function Toaster() {
  const { toasts } = useSnapshot(toastState);
  return (
    <div className="toaster" aria-live="polite" aria-atomic="false">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'} data-testid={`toast-${t.kind}`}>
          <span className="toast__icon" aria-hidden="true">
            {t.kind === 'success' ? '✓' : t.kind === 'error' ? '!' : 'i'}
          </span>
          <span className="toast__message">{t.message}</span>
          <button type="button" className="toast__close" onClick={() => dismissToast(t.id)} aria-label="Cerrar aviso">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
