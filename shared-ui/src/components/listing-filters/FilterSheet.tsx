import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../styles/class-names.ts';
import { Button } from '../button/Button.tsx';
import styles from './ListingFilters.module.css';

/** Where the filters leave the bottom sheet for the page's flow (ListingFilters.module.css says the same). */
const WIDE = '(min-width: 768px)';

export interface FilterSheetControl {
  open: boolean;
  show: () => void;
  /** Closes the sheet, if open, and gives the focus back to the "Filters" button. */
  close: () => void;
  /** Puts the focus on the sheet's title (after the focused control went away). */
  focusHeading: () => void;
  sheetId: string;
  headingId: string;
  openerRef: RefObject<HTMLButtonElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** The phone's filter sheet: open or not, and where the focus goes. */
export function useFilterSheet(): FilterSheetControl {
  const [open, setOpen] = useState(false);
  const sheetId = useId();
  const headingId = useId();
  const openerRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return {
    open,
    show: () => setOpen(true),
    close: () => {
      if (!open) return;
      setOpen(false);
      openerRef.current?.focus();
    },
    focusHeading: () => headingRef.current?.focus(),
    sheetId,
    headingId,
    openerRef,
    headingRef,
  };
}

/** "Filters", with how many apply: opens the sheet. Phones only (CSS); hidden where the sheet cannot open without JavaScript. */
export function FilterSheetOpener({ sheet, active }: { sheet: FilterSheetControl; active: number }) {
  const { t } = useTranslation('ui');
  return (
    <Button
      ref={sheet.openerRef}
      variant="ghost"
      size="sm"
      className={styles.opener}
      aria-expanded={sheet.open}
      aria-controls={sheet.sheetId}
      onClick={sheet.show}
    >
      <svg className={styles.openerIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d="M3 5h14M3 10h14M3 15h14" />
        <circle cx="13" cy="5" r="2.25" />
        <circle cx="7" cy="10" r="2.25" />
        <circle cx="12" cy="15" r="2.25" />
      </svg>
      {t('filters.heading')}
      {/* Between the word and the number for screen readers; a flex container draws no space. */}
      {active > 0 && ' '}
      {active > 0 && (
        <span className={styles.activeCount}>
          <span aria-hidden="true">{active}</span>
          <span className="visually-hidden">({t('filters.active', { count: active })})</span>
        </span>
      )}
    </Button>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), summary';

/** The focusable elements a visitor can reach now (a closed disclosure's content is not). */
function reachable(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    const details = element.parentElement?.closest('details');
    return !details || details.open || element.parentElement === details;
  });
}

/**
 * The chips' box: a modal bottom sheet on phones while open (title, close button, Escape, the focus kept
 * inside and given back to the opener), the page's own column on wider screens and without JavaScript.
 */
export function FilterSheet({ sheet, children }: { sheet: FilterSheetControl; children: ReactNode }) {
  const { t } = useTranslation('ui');
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const { open, close } = sheet;
  const closeNow = useRef(close);

  useEffect(() => {
    closeNow.current = close;
  });

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    // Turned wide while open (a rotated tablet): the sheet is the page's column again, no longer a dialog.
    const wide = window.matchMedia(WIDE);
    const onChange = () => {
      if (wide.matches) closeNow.current();
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open || !panel.current) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = reachable(panel.current);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <>
      {open && <div className={styles.backdrop} onClick={close} aria-hidden="true" />}
      <div
        ref={panel}
        id={sheet.sheetId}
        className={cx(styles.sheet, open && styles.open)}
        role={open ? 'dialog' : undefined}
        aria-modal={open || undefined}
        aria-labelledby={open ? sheet.headingId : undefined}
        onKeyDown={onKeyDown}
      >
        <div className={styles.sheetHeader}>
          <h2 ref={sheet.headingRef} id={sheet.headingId} className={styles.sheetTitle} tabIndex={-1}>
            {t('filters.heading')}
          </h2>
          <button ref={closeButton} type="button" className={styles.close} aria-label={t('filters.close')} onClick={close}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </>
  );
}
