import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import './modal.css';

/**
 * Open dialogs, innermost last. A dialog opened from another (e.g. "Agregar Sector" over the person
 * form) is the only one that answers Escape and keeps Tab inside; the page stays locked until the last closes.
 */
const openDialogs: HTMLElement[] = [];

function isTopmost(dialog: HTMLElement | null): boolean {
  return dialog !== null && openDialogs[openDialogs.length - 1] === dialog;
}

/** Accessible dialog: labelled by its title, closes on Escape and on the backdrop, keeps focus inside. */
export function Modal({
  title,
  onClose,
  children,
  testId,
  size = 'md',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  /** 'lg' for long forms, 'sm' for one-field dialogs. */
  size?: 'sm' | 'md' | 'lg';
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeOnEscape = useEffectEvent(() => onClose());

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    if (dialog) openDialogs.push(dialog);
    const first = dialog?.querySelector<HTMLElement>('input, select, textarea, button:not(.modal__close)');
    (first ?? dialog)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (!isTopmost(dialog)) return;
      if (event.key === 'Escape') closeOnEscape();
      if (event.key === 'Tab' && dialog) {
        const focusable = Array.from(
          dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea'),
        );
        if (focusable.length === 0) return;
        const firstEl = focusable[0];
        const lastEl = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === firstEl) {
          event.preventDefault();
          lastEl.focus();
        } else if (!event.shiftKey && document.activeElement === lastEl) {
          event.preventDefault();
          firstEl.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      const index = dialog ? openDialogs.lastIndexOf(dialog) : -1;
      if (index >= 0) openDialogs.splice(index, 1);
      if (openDialogs.length === 0) document.body.classList.remove('modal-open');
      previouslyFocused?.focus?.();
    };
  }, []);

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={`modal ${size !== 'md' ? `modal--${size}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={dialogRef}
        tabIndex={-1}
        data-testid={testId}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label="Cerrar">
            ×
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}
