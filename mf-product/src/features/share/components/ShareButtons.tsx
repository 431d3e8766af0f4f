import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';

/** Copy the page's address, and the system share sheet where the browser has one (mostly phones). */
export function ShareButtons({ title }: { title: string }) {
  const { t } = useTranslation(NAMESPACE);
  const url = window.location.href;
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('share.copied'));
    } catch {
      toast.error(t('share.copyFailed'));
    }
  };

  const share = () => {
    // Dismissing the sheet rejects: nothing to tell the visitor.
    navigator.share({ title, url }).catch(() => undefined);
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        {t('share.copy')}
      </Button>
      {canShare && (
        <Button variant="secondary" size="sm" onClick={share}>
          {t('share.share')}
        </Button>
      )}
    </>
  );
}
