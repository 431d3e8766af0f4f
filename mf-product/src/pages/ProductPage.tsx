import type { Product } from '@linkhunt/contracts/product';
import { BreadcrumbJsonLd, type Crumb } from '@linkhunt/shared-ui/components/seo/BreadcrumbJsonLd.tsx';
import { PageLoadFailed } from '@linkhunt/shared-ui/components/page-state/PageLoadFailed.tsx';
import { PageNotFound } from '@linkhunt/shared-ui/components/page-state/PageNotFound.tsx';
import { Price } from '@linkhunt/shared-ui/components/price/Price.tsx';
import { Seo } from '@linkhunt/shared-ui/components/seo/Seo.tsx';
import { Skeleton } from '@linkhunt/shared-ui/components/skeleton/Skeleton.tsx';
import { StarRating } from '@linkhunt/shared-ui/components/star-rating/StarRating.tsx';
import { useCategoryName } from '@linkhunt/shared-ui/components/category-card/category-name.ts';
import { useBrandName } from '@linkhunt/shared-ui/features/brands/brand-name.ts';
import { shareImageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useContentLang } from '@linkhunt/shared-ui/features/i18n/use-content-lang.ts';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { FavouriteButton } from '../features/favourite/components/FavouriteButton.tsx';
import { useProduct } from '../features/product/api/use-product.ts';
import { ProductFacts } from '../features/product/components/ProductFacts.tsx';
import { ProductGallery } from '../features/product/components/ProductGallery.tsx';
import { ProductJsonLd } from '../features/product/components/ProductJsonLd.tsx';
import { ProductWithdrawn } from '../features/product/components/ProductWithdrawn.tsx';
import { RelatedProducts } from '../features/product/components/RelatedProducts.tsx';
import { ReportButton } from '../features/report/components/ReportButton.tsx';
import { Reviews } from '../features/reviews/components/Reviews.tsx';
import { ShareButtons } from '../features/share/components/ShareButtons.tsx';
import { GetLink } from '../features/store-links/components/GetLink.tsx';
import { NAMESPACE } from '../register-locales.ts';
import styles from './ProductPage.module.css';

/** Home, the product's first category (else its brand), the product. */
function productTrail(product: Product, categoryName: (name: string) => string, brandName: (brand: Product['brand']) => string): Crumb[] {
  const [category] = product.categories;
  const parent = category
    ? { name: categoryName(category.name), path: `/cat/${category.slug}` }
    : { name: brandName(product.brand), path: `/brand/${product.brand.slug}` };
  return [parent, { name: product.title, path: `/product/${product.slug}` }];
}

/** The product page (spec section 2): the features of this remote, composed. */
export default function ProductPage() {
  const { t } = useTranslation(NAMESPACE);
  const langPath = useLangPath();
  const { pathname } = useLocation();
  const { slug = '' } = useParams();
  const state = useProduct(slug);
  const categoryName = useCategoryName();
  const brandName = useBrandName();
  const contentLang = useContentLang();
  const descriptionId = useId();
  if (state.status === 'notFound') return <PageNotFound title={t('notFound')} />;
  if (state.status === 'withdrawn') return <ProductWithdrawn />;
  if (state.status === 'error') return <PageLoadFailed onRetry={state.retry} />;
  if (state.status === 'loading') return <ProductSkeleton />;
  const { product, update } = state;
  const unavailable = product.hidden === 1;
  // Only its uploader and moderators get a removed product: no share card or structured data, and not indexed.
  const withdrawn = product.withdrawn === true;
  return (
    <div className="container">
      {withdrawn ? (
        <>
          <title>{`${product.title} | Linkhunt`}</title>
          <meta name="robots" content="noindex" />
        </>
      ) : (
        <>
          <Seo
            title={product.title}
            description={product.description}
            image={shareImageUrl(product.image) ?? undefined}
            type="product"
          />
          <ProductJsonLd product={product} path={pathname} />
          <BreadcrumbJsonLd trail={productTrail(product, categoryName, brandName)} />
        </>
      )}
      <article className={styles.product}>
        <ProductGallery key={product.id} product={product} />
        <div className={styles.summary}>
          <Link className={styles.brand} to={langPath(`/brand/${product.brand.slug}`)}>
            {brandName(product.brand)}
          </Link>
          <h1 className={styles.title} {...contentLang(product.language)}>
            {product.title}
          </h1>
          <StarRating rating={product.rating} size="md" />
          {product.price && (
            <p className={styles.price}>
              <Price price={product.price} showEntered />
            </p>
          )}
          {unavailable ? (
            <p className={styles.unavailable} role="status">
              {t(withdrawn ? 'withdrawn.notice' : 'unavailable.notice')}
            </p>
          ) : (
            <GetLink productId={product.id} sourceItem={product.source_item} health={product} onDownloads={(downloads) => update((now) => ({ ...now, downloads }))} />
          )}
          <div className={styles.actions}>
            <FavouriteButton productId={product.id} />
            <ShareButtons title={product.title} />
            <ReportButton productId={product.id} />
          </div>
          <ProductFacts product={product} />
        </div>
        <section className={styles.description} aria-labelledby={descriptionId}>
          <h2 id={descriptionId}>{t('description')}</h2>
          <p {...contentLang(product.language)}>{product.description}</p>
        </section>
      </article>
      <Reviews
        product={product}
        onReviewed={(valoration, rating) =>
          update((now) => ({
            ...now,
            rating,
            valorations: { data: [valoration, ...now.valorations.data.filter((other) => other.id !== valoration.id)] },
          }))
        }
      />
      <RelatedProducts product={product} />
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div className="container" aria-busy="true">
      <div className={styles.product}>
        <Skeleton radius="lg" width="100%" height="auto" className={styles.imageSkeleton} />
        <div className={styles.summary}>
          <Skeleton width="30%" />
          <Skeleton width="80%" height="2.2rem" />
          <Skeleton width="40%" />
          <Skeleton width="100%" height="2.75rem" radius="md" />
          <Skeleton width="100%" height="12rem" radius="lg" />
        </div>
      </div>
    </div>
  );
}
