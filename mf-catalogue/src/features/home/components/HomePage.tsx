import type { ProductSummary } from '@linkhunt/contracts/product';
import { AdBanner } from '@linkhunt/shared-ui/components/ad-banner/AdBanner.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useApiData } from '@linkhunt/shared-ui/features/api/use-api-data.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { ProductList } from '@linkhunt/shared-ui/components/product-grid/ProductList.tsx';
import styles from './HomePage.module.css';

const QUICK_LINKS = ['sneakers', 'accesorios', 'vestidos-y-faldas'] as const;
const STORES = ['Hacoo', 'DHGate', 'CNFans'] as const;

/** Spec section 1: the hunt starts with the hero and the newest finds. */
export default function HomePage() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const recents = useApiData<ProductSummary[]>('/products/recents');
  return (
    <div className="container">
      <Seo title={t('home.metaTitle')} description={t('home.metaDescription')} />
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
      <AdBanner />
      <section aria-labelledby="recents-title" className={styles.block}>
        <h2 id="recents-title">{t('home.recents')}</h2>
        <ProductList products={recents.data} skeletons={16} />
      </section>
    </div>
  );
}
