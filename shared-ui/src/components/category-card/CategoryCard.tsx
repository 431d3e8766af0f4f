import type { CategoryWithProducts } from '@linkhunt/contracts/with-products';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageUrl } from '../../features/config/site-config.ts';
import { useContentLang } from '../../features/i18n/use-content-lang.ts';
import { useLangPath } from '../../features/i18n/use-lang-path.ts';
import { useCategoryName } from './category-name.ts';
import styles from './CategoryCard.module.css';

/** Spec section 9: each featured category shows up to 4 product images, as a 2x2 mosaic. */
export const CATEGORY_MOSAIC_SIZE = 4;
export const CATEGORY_TILE_SIZE = 240;

export interface CategoryCardProps {
  category: CategoryWithProducts;
  headingLevel?: 2 | 3 | 4;
}

/** Each image opens its product and the title opens the category (spec section 2): separate links, none nested. */
export function CategoryCard({ category, headingLevel = 3 }: CategoryCardProps) {
  const { t } = useTranslation('ui');
  const langPath = useLangPath();
  const categoryName = useCategoryName();
  const contentLang = useContentLang();
  const products = (category.products?.data ?? []).slice(0, CATEGORY_MOSAIC_SIZE);
  const fillers = CATEGORY_MOSAIC_SIZE - products.length;
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card}>
      <div className={styles.mosaic}>
        {products.map((product) => (
          // The link is named by the picture's text, the product's title: in the product's language.
          <Link key={product.id} to={langPath(`/product/${product.slug}`)} className={styles.tile} {...contentLang(product.language)}>
            <img
              className={styles.image}
              src={imageUrl(product.thumbnail)}
              alt={product.title}
              width={CATEGORY_TILE_SIZE}
              height={CATEGORY_TILE_SIZE}
              loading="lazy"
              decoding="async"
            />
          </Link>
        ))}
        {Array.from({ length: fillers }, (_, index) => (
          <span key={`filler-${index}`} className={styles.filler} aria-hidden="true" />
        ))}
        {products.length === 0 && <p className={styles.empty}>{t('categoryCard.empty')}</p>}
      </div>
      <Heading className={styles.title}>
        <Link to={langPath(`/cat/${category.slug}`)} className={styles.titleLink}>
          {categoryName(category.name)}
          <span className={styles.arrow} aria-hidden="true">
            →
          </span>
        </Link>
      </Heading>
    </article>
  );
}
