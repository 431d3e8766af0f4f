import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRELOAD_ERROR_EVENT } from '../../lib/lazy-page.ts';
import styles from './PreloadErrorNotice.module.css';

/** When part of the site failed to download, offer the reload that fetches the current version. */
export function PreloadErrorNotice() {
  const { t } = useTranslation('shell');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const show = () => setFailed(true);
    window.addEventListener(PRELOAD_ERROR_EVENT, show);
    return () => window.removeEventListener(PRELOAD_ERROR_EVENT, show);
  }, []);
  if (!failed) return null;
  return (
    <div className={styles.notice} role="alert">
      <span>{t('preloadError.text')}</span>
      <Button size="sm" onClick={() => window.location.reload()}>
        {t('preloadError.reload')}
      </Button>
    </div>
  );
}
