import { AdBanner } from '@linkhunt/shared-ui/components/ad-banner/AdBanner.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { BrandsCarousel } from './BrandsCarousel.tsx';
import { FeaturedCategories } from './FeaturedCategories.tsx';
import { FeaturedProducts } from './FeaturedProducts.tsx';
import { FeaturedUsers } from './FeaturedUsers.tsx';
import { Hero } from './Hero.tsx';
import { PromoBanner } from './PromoBanner.tsx';
import { RecentProducts } from './RecentProducts.tsx';

/** Spec section 1: the home page's eight blocks, in the spec's order. */
export default function HomePage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="container">
      <Seo title={t('home.metaTitle')} description={t('home.metaDescription')} />
      <Hero />
      <BrandsCarousel />
      <FeaturedProducts />
      <AdBanner />
      <RecentProducts />
      <PromoBanner />
      <FeaturedUsers />
      <FeaturedCategories />
    </div>
  );
}
