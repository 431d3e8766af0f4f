import { useTranslation } from 'react-i18next';
import { Button } from '../button/Button.tsx';
import { EmptyState } from '../empty-state/EmptyState.tsx';

export interface LoadFailedProps {
  /** Asks again, without a reload: the header, the search and what was typed elsewhere stay as they are. */
  onRetry: () => void;
  /** What could not be loaded; "This page could not be loaded" unless given. */
  title?: string;
  headingLevel?: 1 | 2 | 3 | 4;
  className?: string;
}

/**
 * The one way the site says a call failed (the API unreachable, too slow or failing) where content should be:
 * a clear sentence, announced, and a way to try again. Never an empty area or a spinner left turning.
 */
export function LoadFailed({ onRetry, title, headingLevel, className }: LoadFailedProps) {
  const { t } = useTranslation('ui');
  return (
    <EmptyState
      role="alert"
      className={className}
      headingLevel={headingLevel}
      title={title ?? t('page.failed')}
      action={<Button onClick={onRetry}>{t('page.retry')}</Button>}
    >
      {t('page.failedHint')}
    </EmptyState>
  );
}
