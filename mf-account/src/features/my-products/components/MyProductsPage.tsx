import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { AccountProductList } from '../../product-list/components/AccountProductList.tsx';

export default function MyProductsPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="container">
      <Seo title={t('myProducts.title')} description={t('myProducts.title')} />
      <h1>{t('myProducts.title')}</h1>
      <AccountProductList url="/auth/products" empty={t('myProducts.empty')} />
    </div>
  );
}
