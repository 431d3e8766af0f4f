import { BreadcrumbJsonLd } from '@linkhunt/shared-ui/components/seo/BreadcrumbJsonLd.tsx';
import type { CategoryWithProducts } from '@linkhunt/contracts/with-products';
import { useCategoryName } from '@linkhunt/shared-ui/components/category-card/category-name.ts';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoadFailed } from '@linkhunt/shared-ui/components/page-state/PageLoadFailed.tsx';
import { PageNotFound } from '@linkhunt/shared-ui/components/page-state/PageNotFound.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ProductsSection } from '../../../components/ProductsSection.tsx';
import { useProductPages } from '@linkhunt/shared-ui/features/paging/use-product-pages.ts';
import { NAMESPACE } from '../../../register-locales.ts';

export default function CategoryPage() {
  const { t } = useTranslation(NAMESPACE);
  const categoryName = useCategoryName();
  const { category: slug = '' } = useParams();
  const pages = useProductPages<CategoryWithProducts>(`/categories/slug/${encodeURIComponent(slug)}?include=products`);
  if (pages.status === 'notFound') return <PageNotFound title={t('category.notFound')} />;
  if (pages.status === 'error') return <PageLoadFailed onRetry={pages.retry} />;
  const name = pages.status === 'ready' ? categoryName(pages.owner.name) : null;
  return (
    <div className="container">
      {name && <Seo title={name} description={t('category.metaDescription', { name })} />}
      {name && <BreadcrumbJsonLd trail={[{ name, path: `/cat/${slug}` }]} />}
      <PageHeader title={name} subtitle={pages.status === 'ready' ? t('category.subtitle', { count: pages.total }) : null} />
      <ProductsSection heading={t('category.productsHeading')} pages={pages} emptyTitle={t('category.noProducts')} />
    </div>
  );
}
