import type { CategoryWithProducts } from '@linkhunt/contracts/with-products';
import { useCategoryName } from '@linkhunt/shared-ui/components/category-card/category-name.ts';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useApiData } from '@linkhunt/shared-ui/features/api/use-api-data.ts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';
import { ProductList } from '@linkhunt/shared-ui/components/product-grid/ProductList.tsx';

export default function CategoryPage() {
  const { t } = useTranslation(NAMESPACE);
  const categoryName = useCategoryName();
  const { category: slug = '' } = useParams();
  const category = useApiData<CategoryWithProducts>(`/categories/slug/${encodeURIComponent(slug)}?include=products`);
  if (category.status === 'error' && category.notFound) return <EmptyState title={t('category.notFound')} />;
  const name = category.data ? categoryName(category.data.name) : '';
  return (
    <div className="container">
      {category.data && <Seo title={name} description={t('category.metaDescription', { name })} />}
      <h1>{name || '\u00a0'}</h1>
      <ProductList products={category.data?.products?.data ?? null} skeletons={8} />
    </div>
  );
}
