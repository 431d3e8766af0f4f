import { siteOrigin } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { useLocation } from 'react-router';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { copyText } from '@linkhunt/shared-ui/features/clipboard/copy-text.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';

/** Copy the page's address, and the system share sheet where the browser has one (mostly phones). */
export function ShareButtons({ title }: { title: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { pathname, search } = useLocation();
  const url = `${siteOrigin()}${pathname}${search}`;
  // Known in the browser only: the server's page (and so hydration) offers copying alone.
  const canShare = useHydrated() && typeof navigator.share === 'function';


  const share = () => {
    // Dismissing the sheet rejects: nothing to tell the visitor.
    navigator.share({ title, url }).catch(() => undefined);
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => void copyText(url, t('share.copied'), t('share.copyFailed'))}>
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
