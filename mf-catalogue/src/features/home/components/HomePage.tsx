import { AdBanner } from '@linkhunt/shared-ui/components/ad-banner/AdBanner.tsx';
import { LoadFailed } from '@linkhunt/shared-ui/components/page-state/LoadFailed.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import { useHomeFailures } from '../hooks/use-home-failures.ts';
import { BrandsCarousel } from './BrandsCarousel.tsx';
import { FeaturedCategories } from './FeaturedCategories.tsx';
import { FeaturedProducts } from './FeaturedProducts.tsx';
import { FeaturedUsers } from './FeaturedUsers.tsx';
import { Hero } from './Hero.tsx';
import { PromoBanner } from './PromoBanner.tsx';
import { RecentProducts } from './RecentProducts.tsx';
import styles from './HomeSection.module.css';

/**
 * Spec section 1: the home page's eight blocks, in the spec's order. A block whose call failed keeps its
 * skeletons; one message under the hero says so and asks again for every such block.
 *
 * Each block below the hero is a Suspense boundary of its own, on the server as in the browser: React
 * hydrates a boundary as a unit of work of its own and yields to the browser between them, so the page's
 * hydration is several short tasks instead of one long one (Total Blocking Time). On the server a block
 * suspends until its reads answer and the page is sent once all have, so no fallback shows unless the render's
 * budget runs out (the block then renders in the browser).
 */
export default function HomePage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="container">
      <Seo title={t('home.metaTitle')} description={t('home.metaDescription')} />
      <Hero />
      <HomeFailed />
      <Suspense>
        <BrandsCarousel />
      </Suspense>
      <Suspense>
        <FeaturedProducts />
      </Suspense>
      <Suspense>
        <AdBanner />
      </Suspense>
      <Suspense>
        <RecentProducts />
      </Suspense>
      <Suspense>
        <PromoBanner />
      </Suspense>
      <Suspense>
        <FeaturedUsers />
      </Suspense>
      <Suspense>
        <FeaturedCategories />
      </Suspense>
    </div>
  );
}

/** Its own component: on the server it waits for every block's answer, and only it, not the hero, waits. */
function HomeFailed() {
  const { t } = useTranslation(NAMESPACE);
  const { failed, retryAll } = useHomeFailures();
  return failed ? <LoadFailed className={styles.block} title={t('home.failed')} onRetry={retryAll} /> : null;
}
