import { Carousel } from '@linkhunt/shared-ui/components/carousel/Carousel.tsx';
import { ProductCard } from '@linkhunt/shared-ui/components/product-card/ProductCard.tsx';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { useHomeList } from '../api/home-lists.ts';
import { HomeSection } from './HomeSection.tsx';

export function FeaturedProducts() {
  const { t } = useTranslation(NAMESPACE);
  const featured = useHomeList('featured');
  if (featured?.length === 0) return null;
  return (
    <HomeSection title={t('home.featured')} carousel>
      <Carousel
        preset="products"
        label={t('home.featured')}
        items={featured ?? []}
        loading={featured === null}
        getKey={(product) => product.id}
        renderItem={(product) => <ProductCard product={product} />}
      />
    </HomeSection>
  );
}
