import { Carousel } from '@linkhunt/shared-ui/components/carousel/Carousel.tsx';
import { ProductCard } from '@linkhunt/shared-ui/components/product-card/ProductCard.tsx';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { featuredQuery, listOf } from '../api/home-queries.ts';
import styles from './HomeSection.module.css';

/** On a phone the carousel shows 1.2 cards on the first screen: the first of them is the page's largest image. */
const FIRST_SCREEN_SLIDES = 2;

export function FeaturedProducts() {
  const { t } = useTranslation(NAMESPACE);
  const featured = listOf<ProductSummary[]>(useAnswerQuery(featuredQuery()).answer);
  if (featured?.length === 0) return null;
  return (
    <Carousel
      className={styles.block}
      heading={2}
      preset="products"
      label={t('home.featured')}
      items={featured ?? []}
      loading={featured === null}
      getKey={(product) => product.id}
      renderItem={(product, index) => <ProductCard product={product} eager={index < FIRST_SCREEN_SLIDES} />}
    />
  );
}
