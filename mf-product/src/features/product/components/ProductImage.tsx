import type { Product } from '@linkhunt/contracts/product';
import { imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useContentLang } from '@linkhunt/shared-ui/features/i18n/use-content-lang.ts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './ProductImage.module.css';

export const PRODUCT_IMAGE_SIZE = 800;

/**
 * The full-size image over its thumbnail: the list's thumbnail is usually cached already, so the picture
 * shows at once and the large one paints over it as it arrives. Plain markup, no script: the server's page
 * shows it before hydration (and without JavaScript), and it is the page's largest element, so it loads first.
 */
export function ProductImage({ product }: { product: Pick<Product, 'image' | 'thumbnail' | 'title' | 'hidden' | 'language'> }) {
  const { t } = useTranslation(NAMESPACE);
  const contentLang = useContentLang();
  return (
    <div className={styles.frame}>
      <img className={styles.placeholder} src={imageUrl(product.thumbnail)} alt="" decoding="async" />
      <img
        className={styles.image}
        src={imageUrl(product.image)}
        alt={product.title}
        {...contentLang(product.language)}
        width={PRODUCT_IMAGE_SIZE}
        height={PRODUCT_IMAGE_SIZE}
        fetchPriority="high"
        decoding="async"
      />
      {product.hidden === 1 && <span className={styles.badge}>{t('unavailable.badge')}</span>}
    </div>
  );
}
