import { useEffect, useId, useRef, type MouseEvent, type PointerEvent, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../styles/class-names.ts';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  /** Called for the close button, Escape and a click on the backdrop; the owner then sets `open` to false. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** The footer's buttons, e.g. Cancel and Confirm. */
  actions?: ReactNode;
  size?: 'sm' | 'md';
  className?: string;
  /**
   * Where focus goes back to once the dialog closes. By default the element that had focus when it opened;
   * pass the opener's ref when that element may be re-rendered or replaced while the dialog is open, or may
   * never have had focus (Safari does not focus a clicked button).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * A native modal <dialog>: the browser provides the top layer, the focus trap and Escape. The component mirrors
 * `open` onto showModal()/close() and reports every way out through `onClose`, so the owner's state stays the
 * single source of truth. It gives focus back to the opener itself, however the dialog closes: the browser only
 * does so on close(), not when the owner unmounts an open dialog, nor to an opener that was re-rendered away.
 */
export function Dialog({ open, onClose, title, children, actions, size = 'md', className, returnFocusTo }: DialogProps) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  const returnFocusRef = useRef(returnFocusTo);

  useEffect(() => {
    returnFocusRef.current = returnFocusTo;
  }, [returnFocusTo]);

  useEffect(() => {
    openRef.current = open;
    const dialog = ref.current;
    if (!dialog || !open) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body && !dialog.contains(active) ? active : null;
    if (!dialog.open) dialog.showModal();
    // Runs when `open` turns false and also when an owner that renders the dialog only while open unmounts it.
    return () => {
      openRef.current = false;
      // Only focus left inside the dialog (or dropped on <body>) is ours to move; focus the owner put elsewhere stays.
      const focused = document.activeElement;
      const focusLost = !focused || focused === document.body || dialog.contains(focused);
      if (dialog.open) dialog.close();
      const target = returnFocusRef.current?.current ?? opener;
      if (focusLost && target?.isConnected) target.focus();
    };
  }, [open]);

  // Escape: keep the dialog open until the owner says so, so its state never disagrees with the page.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  // Some closes cannot be cancelled (a repeated Escape in Chrome): tell the owner the dialog is gone.
  const onNativeClose = () => {
    if (openRef.current) onClose();
  };

  // The content box fills the dialog, so a click whose target is the dialog itself landed on the backdrop.
  // The press must start there too: a text selection dragged out of the content must not close it.
  const pressedBackdrop = useRef(false);
  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pressedBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && pressedBackdrop.current) onClose();
    pressedBackdrop.current = false;
  };

  return (
    <dialog
      ref={ref}
      className={cx(styles.dialog, styles[size], className)}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClose={onNativeClose}
      onPointerDown={onPointerDown}
      onClick={onClick}
    >
      <div className={styles.content}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={t('dialog.close')} onClick={onClose}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </header>
        <div className={styles.body}>{children}</div>
        {actions && <footer className={styles.actions}>{actions}</footer>}
      </div>
    </dialog>
  );
}
