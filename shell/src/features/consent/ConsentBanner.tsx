import { useHydrated } from '@linkhunt/shared-ui/features/ssr/use-hydrated.ts';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { type ConsentChoice, readConsent, saveConsent } from './consent-mode.ts';
import { SHOW_IF_UNDECIDED } from './show-if-undecided.ts';
import styles from './ConsentBanner.module.css';

/** Shown until the visitor accepts or closes it (spec section 4), as the page's first bar (see its stylesheet). */
export function ConsentBanner() {
  const { t } = useTranslation('shell');
  const langPath = useLangPath();
  const [decided, setDecided] = useState(() => readConsent() !== null);
  // The choice is stored in the browser, which the server cannot see: its page (and so hydration) has the
  // banner hidden, followed by a script that shows it at once to a visitor who has not chosen. The banner is
  // then on screen with the page's first paint, not after the scripts (it is often the largest text of a short
  // page); without JavaScript, where nothing it asks about runs, it stays hidden.
  const hydrated = useHydrated();
  if (decided && hydrated) return null;
  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    setDecided(true);
  };
  const banner = (
    <section className={styles.banner} aria-label={t('consent.label')} data-testid="consent-banner" hidden={!hydrated}>
      <div className={`container ${styles.inner}`}>
        <p className={styles.text}>
          <Trans t={t} i18nKey="consent.text" components={{ policy: <Link to={langPath('/cookies-policy')} /> }} />
        </p>
        <div className={styles.actions}>
          <Button size="sm" onClick={() => choose('granted')}>
            {t('consent.accept')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => choose('denied')}>
            {t('consent.close')}
          </Button>
        </div>
      </div>
    </section>
  );
  if (hydrated) return banner;
  return (
    <>
      {banner}
      {/* Runs as the parser reaches it, before the first paint; allowed by its hash like the boot script. */}
      <script dangerouslySetInnerHTML={{ __html: SHOW_IF_UNDECIDED }} />
    </>
  );
}
