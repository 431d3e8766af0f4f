import type { OwnProduct } from '@linkhunt/contracts/product';
import { ButtonLink } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { invalidateApi } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { AccountProductList, type ProductRemoval } from '../../../components/AccountProductList.tsx';
import { VerifyNotice } from '../../../components/VerifyNotice.tsx';
import { ModerationNotice } from './ModerationNotice.tsx';
import styles from './MyProductsPage.module.css';

/** Spec section 2: the signed-in user's products, hidden ones too, to edit or delete. */
export default function MyProductsPage() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const addProduct = langPath('/product/new');

  const remove: ProductRemoval<OwnProduct> = {
    label: t('myProducts.delete'),
    labelFor: (product) => t('myProducts.deleteLabel', { title: product.title }),
    confirmation: {
      title: t('myProducts.confirmTitle'),
      text: (product) => t('myProducts.confirmText', { title: product.title }),
      confirm: t('myProducts.confirm'),
      cancel: t('myProducts.cancel'),
    },
    removal: (product) => ({
      path: `/products/${product.id}`,
      done: t('myProducts.deleted'),
      failed: t('myProducts.deleteFailed'),
      onDone: () => {
        bus.publish('product:deleted', { productId: product.id });
        // Its page, its links and every list it was in (this one is asked again by the removal itself).
        void invalidateApi('/products', '/brands/', '/categories/', '/users/', '/auth/favs');
      },
    }),
  };

  return (
    <div className={`container ${styles.page}`}>
      <Seo title={t('myProducts.title')} description={t('myProducts.title')} />
      <div className={styles.head}>
        <h1>{t('myProducts.title')}</h1>
        <ButtonLink to={addProduct}>{t('myProducts.add')}</ButtonLink>
      </div>
      <VerifyNotice />
      <AccountProductList<OwnProduct>
        url="/auth/products"
        label={t('myProducts.title')}
        heading={t('myProducts.listHeading')}
        empty={<EmptyState title={t('myProducts.empty')} action={<ButtonLink to={addProduct}>{t('myProducts.addFirst')}</ButtonLink>} />}
        remove={remove}
        notice={(product) => product.moderation && <ModerationNotice product={product} moderation={product.moderation} />}
        actions={(product) => (
          <ButtonLink
            to={langPath(`/product/edit/${encodeURIComponent(product.slug)}`)}
            variant="secondary"
            size="sm"
            aria-label={t('myProducts.editLabel', { title: product.title })}
          >
            {t('myProducts.edit')}
          </ButtonLink>
        )}
      />
    </div>
  );
}
