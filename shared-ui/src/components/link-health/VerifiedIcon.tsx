import { cx } from '../../styles/class-names.ts';
import styles from './VerifiedIcon.module.css';

/** A tick in a circle: the link checker saw the link working. Drawn, and hidden from assistive technology: the text beside it says it. */
export function VerifiedIcon({ className }: { className?: string }) {
  return (
    <svg className={cx(styles.icon, className)} viewBox="0 0 16 16" aria-hidden="true" focusable="false" data-icon="verified">
      <circle cx="8" cy="8" r="8" />
      <path className={styles.tick} d="M4.5 8.3l2.3 2.3 4.7-4.9" />
    </svg>
  );
}
