import type { ProductSummary } from '@linkhunt/contracts/product';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandName } from '../../features/brands/brand-name.ts';
import { imageUrl } from '../../features/config/site-config.ts';
import { useContentLang } from '../../features/i18n/use-content-lang.ts';
import { cx } from '../../styles/class-names.ts';
import { Price } from '../price/Price.tsx';
import { StarRating } from '../star-rating/StarRating.tsx';
import { StoreBadges } from '../store-badges/StoreBadges.tsx';
import styles from './ProductCard.module.css';

/** Thumbnails are square; the box keeps this ratio before the image arrives, so nothing shifts. */
export const PRODUCT_IMAGE_WIDTH = 400;
export const PRODUCT_IMAGE_HEIGHT = 400;

interface Props {
  product: ProductSummary;
  /** Load the image at once, at high priority: for the cards on the first screen. */
  eager: boolean;
  /** The image's text alternative: empty where the title already names the product in the same control. */
  imageAlt: string;
  /** A heading where the card is a section of the page; a plain div where headings are not allowed (a listbox option). */
  titleAs: 'h2' | 'h3' | 'h4' | 'div';
  /** Shown under the rating, such as a call to action. */
  children?: ReactNode;
  /** Laid over the picture's top corner (the card's "verified" mark); it takes no room of its own. */
  mediaMark?: ReactNode;
}

/**
 * What a product card shows, without its frame: the picture with the stores it is on (greyed, with a badge
 * instead, when unavailable), then the title, brand, price and rating. The product card and the search panel's options dress it in their own link.
 */
export function ProductCardFace({ product, eager, imageAlt, titleAs: Title, children, mediaMark }: Props) {
  const { t } = useTranslation('ui');
  const brandName = useBrandName();
  const contentLang = useContentLang();
  const unavailable = product.hidden === 1;
  return (
    <>
      <div className={cx(styles.media, unavailable && styles.unavailable)}>
        <img
          className={styles.image}
          src={imageUrl(product.thumbnail)}
          alt={imageAlt}
          {...(imageAlt === product.title && contentLang(product.language))}
          width={PRODUCT_IMAGE_WIDTH}
          height={PRODUCT_IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
        {unavailable ? (
          <span className={styles.badge}>{t('product.unavailable')}</span>
        ) : (
          <StoreBadges platforms={product.platforms} className={styles.stores} />
        )}
        {mediaMark}
      </div>
      <div className={styles.body}>
        <Title className={styles.title} {...contentLang(product.language)}>
          {product.title}
        </Title>
        <p className={styles.brand}>{brandName(product.brand)}</p>
        {/* There with or without a price, so the cards of a row keep their lines level. */}
        <p className={styles.price}>{product.price && <Price price={product.price} />}</p>
        <div className={styles.rating}>
          <StarRating rating={product.rating} />
        </div>
        {children}
      </div>
    </>
  );
}
