import type { Product } from '@linkhunt/contracts/product';
import { imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './ProductImage.module.css';

export const PRODUCT_IMAGE_SIZE = 800;

/**
 * The full-size image over its thumbnail: the list's thumbnail is usually cached already, so the picture
 * shows at once and sharpens when the large one arrives. It is the page's largest element, so it loads first.
 */
export function ProductImage({ product }: { product: Pick<Product, 'image' | 'thumbnail' | 'title' | 'hidden'> }) {
  const { t } = useTranslation(NAMESPACE);
  const [loaded, setLoaded] = useState(false);
  return (
    <div className={styles.frame} style={{ backgroundImage: `url("${imageUrl(product.thumbnail)}")` }}>
      <img
        className={cx(styles.image, loaded && styles.loaded)}
        src={imageUrl(product.image)}
        alt={product.title}
        width={PRODUCT_IMAGE_SIZE}
        height={PRODUCT_IMAGE_SIZE}
        fetchPriority="high"
        decoding="async"
        onLoad={() => setLoaded(true)}
      />
      {product.hidden === 1 && <span className={styles.badge}>{t('unavailable.badge')}</span>}
    </div>
  );
}
