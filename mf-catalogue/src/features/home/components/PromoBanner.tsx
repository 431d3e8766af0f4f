import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { POINTS_PER_PRODUCT } from '@linkhunt/contracts/limits';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './PromoBanner.module.css';

/** Invites visitors to join; hidden once signed in, and while the session check is pending (no flash). */
export function PromoBanner() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const signedOut = useSession((session) => session.status === 'unauthenticated');
  if (!signedOut) return null;
  return (
    <section className={styles.promo} aria-labelledby="promo-title">
      <div>
        <h2 id="promo-title" className={styles.title}>
          {t('home.promo.title')}
        </h2>
        <p className={styles.text}>{t('home.promo.text', { points: POINTS_PER_PRODUCT })}</p>
      </div>
      <div className={styles.actions}>
        <ButtonLink to={langPath('/auth/register')}>{t('home.promo.register')}</ButtonLink>
        <ButtonLink to={langPath('/auth')} variant="secondary">
          {t('home.promo.login')}
        </ButtonLink>
      </div>
    </section>
  );
}
