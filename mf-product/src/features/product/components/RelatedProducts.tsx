import type { Product } from '@linkhunt/contracts/product';
import { Carousel } from '@linkhunt/shared-ui/components/carousel/Carousel.tsx';
import { ProductCard } from '@linkhunt/shared-ui/components/product-card/ProductCard.tsx';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { useRelatedProducts } from '../api/use-related-products.ts';
import styles from './RelatedProducts.module.css';

export function RelatedProducts({ product }: { product: Product }) {
  const { t } = useTranslation(NAMESPACE);
  const related = useRelatedProducts(product);
  if (related?.length === 0) return null;
  return (
    <Carousel
      className={styles.related}
      heading={2}
      preset="products"
      label={t('related.title')}
      items={related ?? []}
      loading={related === null}
      getKey={(item) => item.id}
      renderItem={(item) => <ProductCard product={item} />}
    />
  );
}
