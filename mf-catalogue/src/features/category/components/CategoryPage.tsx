import { BreadcrumbJsonLd } from '@linkhunt/shared-ui/components/seo/BreadcrumbJsonLd.tsx';
import type { Category } from '@linkhunt/contracts/category';
import { useCategoryName } from '@linkhunt/shared-ui/components/category-card/category-name.ts';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useApiData } from '@linkhunt/shared-ui/features/api/use-api-data.ts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoadFailed } from '@linkhunt/shared-ui/components/page-state/PageLoadFailed.tsx';
import { PageNotFound } from '@linkhunt/shared-ui/components/page-state/PageNotFound.tsx';
import { FilteredProducts, useFilteredProducts } from '../../../components/FilteredProducts.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { retryFailed } from '../../../components/retry-failed.ts';
import { NAMESPACE } from '../../../register-locales.ts';

export default function CategoryPage() {
  const { t } = useTranslation(NAMESPACE);
  const categoryName = useCategoryName();
  const { category: slug = '' } = useParams();
  const category = useApiData<Category>(`/categories/slug/${encodeURIComponent(slug)}`);
  const filtered = useFilteredProducts({ category: slug });
  const { pages } = filtered;
  if (category.status === 'error' && category.notFound) return <PageNotFound title={t('category.notFound')} />;
  if (category.status === 'error' || pages.status === 'error') return <PageLoadFailed onRetry={retryFailed(category, pages)} />;
  const name = category.status === 'success' ? categoryName(category.data.name) : null;
  return (
    <div className="container">
      {name && <Seo title={name} description={t('category.metaDescription', { name })} />}
      {name && <BreadcrumbJsonLd trail={[{ name, path: `/cat/${slug}` }]} />}
      <PageHeader title={name} subtitle={pages.status === 'ready' ? t('category.subtitle', { count: pages.total }) : null} />
      <FilteredProducts scope="category" filtered={filtered} heading={t('category.productsHeading')} emptyTitle={t('category.noProducts')} />
    </div>
  );
}
