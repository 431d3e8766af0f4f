import type { ProductSummary } from '@linkhunt/contracts/product';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLangPath } from '../../features/i18n/use-lang-path.ts';
import { cx } from '../../styles/class-names.ts';
import { VerifiedMark } from '../link-health/VerifiedMark.tsx';
import styles from './ProductCard.module.css';
import { ProductCardFace } from './ProductCardFace.tsx';

/**
 * Lists load the images of their first cards at once: on a phone those are on the first screen, and a lazy
 * image there waits for layout before it even starts (Lighthouse measured 1.3 s of load delay on the home
 * page's largest image). The rest stay lazy.
 */
export const EAGER_PRODUCT_IMAGES = 4;

export interface ProductCardProps {
  product: ProductSummary;
  /** The title's heading level; 3 fits a card under a section's h2. */
  headingLevel?: 2 | 3 | 4;
  /** Load the image at once, at high priority: for the cards on the first screen (EAGER_PRODUCT_IMAGES). */
  eager?: boolean;
}

/** The whole card is one link (one Tab stop); "View details" is only its visible call to action. */
export function ProductCard({ product, headingLevel = 3, eager = false }: ProductCardProps) {
  const { t } = useTranslation('ui');
  const langPath = useLangPath();
  const unavailable = product.hidden === 1;
  return (
    <article className={cx(styles.card, styles.interactive, unavailable && styles.unavailable)}>
      <Link to={langPath(`/product/${product.slug}`)} className={styles.link}>
        <ProductCardFace
          product={product}
          eager={eager}
          imageAlt={product.title}
          titleAs={`h${headingLevel}`}
          mediaMark={!unavailable && <VerifiedMark product={product} className={styles.verified} />}
        >
          <span className={styles.cta}>
            {t('product.viewDetails')}
            <span className={styles.arrow} aria-hidden="true">
              →
            </span>
          </span>
        </ProductCardFace>
      </Link>
    </article>
  );
}
