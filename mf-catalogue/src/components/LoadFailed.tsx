import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../register-locales.ts';

/** A page whose call failed (the network, the server): say so and offer to try again, without a reload. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="container">
      <EmptyState title={t('page.failed')} action={<Button onClick={onRetry}>{t('page.retry')}</Button>}>
        {t('page.failedHint')}
      </EmptyState>
    </div>
  );
}
