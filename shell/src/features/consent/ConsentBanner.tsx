import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { type ConsentChoice, readConsent, saveConsent } from './consent-mode.ts';
import styles from './ConsentBanner.module.css';

/** Shown until the visitor accepts or closes it (spec section 4). */
export function ConsentBanner() {
  const { t } = useTranslation('shell');
  const langPath = useLangPath();
  const [decided, setDecided] = useState(() => readConsent() !== null);
  // The choice is stored in the browser: the server's page (and so hydration) shows no banner.
  const hydrated = useHydrated();
  if (decided || !hydrated) return null;
  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    setDecided(true);
  };
  return (
    <section className={styles.banner} aria-label={t('consent.label')} data-testid="consent-banner">
      <p className={styles.text}>
        <Trans t={t} i18nKey="consent.text" components={{ policy: <Link to={langPath('/cookies-policy')} /> }} />
      </p>
      <div className={styles.actions}>
        <Button onClick={() => choose('granted')}>{t('consent.accept')}</Button>
        <Button variant="ghost" onClick={() => choose('denied')}>
          {t('consent.close')}
        </Button>
      </div>
    </section>
  );
}
