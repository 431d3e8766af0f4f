import type { ProductSummary } from '@linkhunt/contracts/product';
import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { invalidateApi } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { AccountProductList, type ProductRemoval } from '../../../components/AccountProductList.tsx';
import styles from './FavouritesPage.module.css';

/** Spec section 2: the signed-in user's favourite products, the latest favourited first. */
export default function FavouritesPage() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();

  const remove: ProductRemoval<ProductSummary> = {
    label: t('favourites.remove'),
    labelFor: (product) => t('favourites.removeLabel', { title: product.title }),
    removal: (product) => ({
      path: `/products/${product.id}/favourite`,
      done: t('favourites.removed'),
      failed: t('favourites.removeFailed'),
      onDone: () => {
        bus.publish('favourite:changed', { productId: product.id, favourite: false });
        // The product page's heart.
        void invalidateApi(`/products/${product.id}/favourite`);
      },
    }),
  };

  return (
    <div className={`container ${styles.page}`}>
      <Seo title={t('favourites.title')} description={t('favourites.title')} />
      <h1 className={styles.title}>{t('favourites.title')}</h1>
      <AccountProductList<ProductSummary>
        url="/auth/favs"
        label={t('favourites.title')}
        heading={t('favourites.listHeading')}
        empty={<EmptyState title={t('favourites.empty')} action={<ButtonLink to={langPath('/index')}>{t('favourites.browse')}</ButtonLink>} />}
        remove={remove}
      />
    </div>
  );
}
