import type { UserWithProducts } from '@linkhunt/contracts/with-products';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { ProductList } from '@linkhunt/shared-ui/components/product-grid/ProductList.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { UserCard } from '@linkhunt/shared-ui/components/user-card/UserCard.tsx';
import { useApiData } from '@linkhunt/shared-ui/features/api/use-api-data.ts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NAMESPACE } from '../../../register-locales.ts';

export default function UserPage() {
  const { t } = useTranslation(NAMESPACE);
  const { username = '' } = useParams();
  const user = useApiData<UserWithProducts>(`/users/username/${encodeURIComponent(username)}?include=products`);
  if (user.status === 'error') return <EmptyState title={t('user.notFound')} />;
  return (
    <div className="container">
      {user.data && <Seo title={user.data.name} description={user.data.biography ?? t('user.description', { name: user.data.name })} />}
      {user.data && <UserCard user={user.data} />}
      {user.data?.biography && <p>{user.data.biography}</p>}
      <h2>{t('user.products')}</h2>
      <ProductList products={user.data ? (user.data.products?.data ?? []) : null} skeletons={8} empty={null} />
    </div>
  );
}
