import type { BrandWithProducts } from '@linkhunt/contracts/with-products';
import { BrandLogo } from '@linkhunt/shared-ui/components/brand-logo/BrandLogo.tsx';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useApiData } from '@linkhunt/shared-ui/features/api/use-api-data.ts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { ProductList } from '@linkhunt/shared-ui/components/product-grid/ProductList.tsx';

export default function BrandPage() {
  const { t } = useTranslation(NAMESPACE);
  const { slug = '' } = useParams();
  const brand = useApiData<BrandWithProducts>(`/brands/slug/${encodeURIComponent(slug)}?include=products`);
  if (brand.status === 'error' && brand.notFound) return <EmptyState title={t('brand.notFound')} />;
  return (
    <div className="container">
      {brand.data && <Seo title={brand.data.name} description={t('brand.metaDescription', { name: brand.data.name })} />}
      <header>
        {brand.data && <BrandLogo brand={brand.data} />}
        <h1>{brand.data?.name ?? '\u00a0'}</h1>
        <p>{t('brand.subtitle')}</p>
      </header>
      <ProductList products={brand.data?.products?.data ?? null} skeletons={8} />
    </div>
  );
}
