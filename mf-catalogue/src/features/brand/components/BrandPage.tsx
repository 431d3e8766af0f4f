import { BreadcrumbJsonLd } from '@linkhunt/shared-ui/components/seo/BreadcrumbJsonLd.tsx';
import type { Brand } from '@linkhunt/contracts/brand';
import { BrandMark } from '@linkhunt/shared-ui/components/brand-logo/BrandLogo.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { Skeleton } from '@linkhunt/shared-ui/components/skeleton/Skeleton.tsx';
import { useApiData } from '@linkhunt/shared-ui/features/api/use-api-data.ts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoadFailed } from '@linkhunt/shared-ui/components/page-state/PageLoadFailed.tsx';
import { PageNotFound } from '@linkhunt/shared-ui/components/page-state/PageNotFound.tsx';
import { FilteredProducts, useFilteredProducts } from '../../../components/FilteredProducts.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { retryFailed } from '../../../components/retry-failed.ts';
import { useBrandName } from '@linkhunt/shared-ui/features/brands/brand-name.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './BrandPage.module.css';
import { RemovedNotice } from './RemovedNotice.tsx';

export default function BrandPage() {
  const { t } = useTranslation(NAMESPACE);
  const brandName = useBrandName();
  const { slug = '' } = useParams();
  const answer = useApiData<Brand>(`/brands/slug/${encodeURIComponent(slug)}`);
  const filtered = useFilteredProducts({ brand: slug });
  const { pages } = filtered;
  if (answer.status === 'error' && answer.notFound) return <PageNotFound title={t('brand.notFound')} />;
  if (answer.status === 'error' || pages.status === 'error') return <PageLoadFailed onRetry={retryFailed(answer, pages)} />;
  const brand = answer.data;
  // The catalogue's "Various" (products without a brand) in the page's language; real brands as they are.
  const name = brand ? brandName(brand) : null;
  return (
    <div className="container">
      {brand && name && <Seo title={name} description={t('brand.metaDescription', { name })} />}
      {brand && name && <BreadcrumbJsonLd trail={[{ name, path: `/brand/${brand.slug}` }]} />}
      <PageHeader
        title={name}
        subtitle={pages.status === 'ready' ? t('brand.subtitle', { count: pages.total }) : null}
        visual={
          brand ? (
            <BrandMark brand={brand} className={styles.mark} />
          ) : (
            <span className={styles.mark}>
              <Skeleton radius="lg" width="100%" height="100%" />
            </span>
          )
        }
      />
      <RemovedNotice />
      <FilteredProducts scope="brand" filtered={filtered} heading={t('brand.productsHeading')} emptyTitle={t('brand.noProducts')} />
    </div>
  );
}
