import { BreadcrumbJsonLd } from '@linkhunt/shared-ui/components/seo/BreadcrumbJsonLd.tsx';
import type { BrandWithProducts } from '@linkhunt/contracts/with-products';
import { BrandMark } from '@linkhunt/shared-ui/components/brand-logo/BrandLogo.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { Skeleton } from '@linkhunt/shared-ui/components/skeleton/Skeleton.tsx';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoadFailed } from '@linkhunt/shared-ui/components/page-state/PageLoadFailed.tsx';
import { PageNotFound } from '@linkhunt/shared-ui/components/page-state/PageNotFound.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ProductsSection } from '../../../components/ProductsSection.tsx';
import { useBrandName } from '@linkhunt/shared-ui/features/brands/brand-name.ts';
import { useProductPages } from '@linkhunt/shared-ui/features/paging/use-product-pages.ts';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './BrandPage.module.css';
import { RemovedNotice } from './RemovedNotice.tsx';

export default function BrandPage() {
  const { t } = useTranslation(NAMESPACE);
  const brandName = useBrandName();
  const { slug = '' } = useParams();
  const pages = useProductPages<BrandWithProducts>(`/brands/slug/${encodeURIComponent(slug)}?include=products`);
  if (pages.status === 'notFound') return <PageNotFound title={t('brand.notFound')} />;
  if (pages.status === 'error') return <PageLoadFailed onRetry={pages.retry} />;
  const brand = pages.status === 'ready' ? pages.owner : null;
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
      <ProductsSection heading={t('brand.productsHeading')} pages={pages} emptyTitle={t('brand.noProducts')} />
    </div>
  );
}
