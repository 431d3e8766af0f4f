import { useTranslation } from 'react-i18next';
import { Button } from '../button/Button.tsx';
import { EmptyState } from '../empty-state/EmptyState.tsx';

/** A page whose call failed (the network, the server): say so and offer to try again, without a reload. */
export function PageLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('ui');
  return (
    <div className="container">
      <EmptyState title={t('page.failed')} action={<Button onClick={onRetry}>{t('page.retry')}</Button>}>
        {t('page.failedHint')}
      </EmptyState>
    </div>
  );
}
