import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { AccountProductList } from '../../product-list/components/AccountProductList.tsx';

export default function FavouritesPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="container">
      <Seo title={t('favourites.title')} description={t('favourites.title')} />
      <h1>{t('favourites.title')}</h1>
      <AccountProductList url="/auth/favs" empty={t('favourites.empty')} />
    </div>
  );
}
