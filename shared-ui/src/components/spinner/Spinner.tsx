import { useTranslation } from 'react-i18next';
import { cx } from '../../styles/class-names.ts';
import styles from './Spinner.module.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** What is loading, for screen readers; defaults to a generic "Loading…". */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const { t } = useTranslation('ui');
  return (
    <span role="status" className={cx(styles.spinner, styles[size], className)}>
      <span className={styles.ring} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('spinner.loading')}</span>
    </span>
  );
}
