import { useEffect, useId, useRef, type MouseEvent, type PointerEvent, type ReactNode, type SyntheticEvent } from 'react';
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
}

/**
 * A native modal <dialog>: the browser provides the top layer, the focus trap, Escape and the return of focus
 * to the opener. The component only mirrors `open` onto showModal()/close() and reports every way out
 * through `onClose`, so the owner's state stays the single source of truth.
 */
export function Dialog({ open, onClose, title, children, actions, size = 'md', className }: DialogProps) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);

  useEffect(() => {
    openRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
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
