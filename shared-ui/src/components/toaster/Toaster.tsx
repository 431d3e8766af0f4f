import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { toastStore, useToasts, type ToastKind } from '../../features/toasts/toast-store.ts';
import { cx } from '../../styles/class-names.ts';
import styles from './Toaster.module.css';
import { useModalHost } from './use-modal-host.ts';

const GLYPHS: Record<ToastKind, string> = { success: '✓', error: '!', info: 'i' };

/**
 * Mounted once by the shell. Errors are alerts (announced at once); the rest are polite statuses. The toasts
 * close by themselves (toast-store's TOAST_DURATION_MS) or with their dismiss button. While a modal dialog is
 * open they render inside it: no z-index reaches above a modal, and the page behind it is inert.
 */
export function Toaster() {
  const { t } = useTranslation('ui');
  const toasts = useToasts();
  const modal = useModalHost();
  const region = (
    <section className={styles.region} aria-label={t('toast.region')}>
      {toasts.map((toast) => (
        <div key={toast.id} role={toast.kind === 'error' ? 'alert' : 'status'} className={cx(styles.toast, styles[toast.kind])}>
          <span className={styles.glyph} aria-hidden="true">
            {GLYPHS[toast.kind]}
          </span>
          <p className={styles.message}>{toast.message}</p>
          <button
            type="button"
            className={styles.dismiss}
            aria-label={t('toast.dismiss')}
            onClick={() => toastStore.getState().dismiss(toast.id)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      ))}
    </section>
  );
  return modal ? createPortal(region, modal) : region;
}
