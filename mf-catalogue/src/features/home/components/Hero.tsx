import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './Hero.module.css';

/** Spec section 1: the hero's quick links. */
export const QUICK_LINKS = ['sneakers', 'accesorios', 'vestidos-y-faldas'] as const;
const STORES = ['Hacoo', 'DHGate', 'CNFans'] as const;

export function Hero() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <h1 id="home-title" className={styles.title}>
        {t('home.title')}
      </h1>
      <p className={styles.subtitle}>{t('home.subtitle')}</p>
      <nav className={styles.quickLinks} aria-label={t('home.quickLinks')}>
        {QUICK_LINKS.map((slug) => (
          <Link key={slug} className={styles.quickLink} to={langPath(`/cat/${slug}`)}>
            {t(`home.quick.${slug}`)}
          </Link>
        ))}
      </nav>
      <div className={styles.stores} aria-hidden="true">
        {STORES.map((store) => (
          <span key={store} className={styles.store}>
            {store}
          </span>
        ))}
      </div>
    </section>
  );
}
