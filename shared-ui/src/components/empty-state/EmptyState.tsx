import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../styles/class-names.ts';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  /** Defaults to the translated "No results found" (spec section 8). */
  title?: string;
  /** A sentence or two under the title. */
  children?: ReactNode;
  /** A way forward, e.g. a ButtonLink home. */
  action?: ReactNode;
  headingLevel?: 1 | 2 | 3 | 4;
  /**
   * "status" when it replaces live results (a search), so screen readers hear that nothing was found; "alert"
   * when something failed and the visitor has to act.
   */
  role?: 'status' | 'alert';
  className?: string;
}

export function EmptyState({ title, children, action, headingLevel = 2, role, className }: EmptyStateProps) {
  const { t } = useTranslation('ui');
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx(styles.empty, className)} role={role}>
      <Heading className={styles.title}>{title ?? t('empty.noResults')}</Heading>
      {children && <div className={styles.description}>{children}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
