import { SEARCH_LISTBOX_ID } from '@linkhunt/contracts/events';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { ProductCardFace } from '@linkhunt/shared-ui/components/product-card/ProductCardFace.tsx';
import { useLangPath } from '@linkhunt/shared-ui/features/i18n/use-lang-path.ts';
import { cx } from '@linkhunt/shared-ui/styles/class-names.ts';
import linkCard from '@linkhunt/shared-ui/styles/link-card.module.css';
import { Link } from 'react-router';
import styles from './SearchResultOption.module.css';

/** The id the header's combobox names in aria-activedescendant when this product's option is active. */
export const searchOptionId = (product: Pick<ProductSummary, 'id'>) => `${SEARCH_LISTBOX_ID}-${product.id}`;

interface Props {
  product: ProductSummary;
  /** Reached with the arrow keys from the search box (aria-selected). */
  active: boolean;
  /** Load the image at once: the first results are on the first screen. */
  eager: boolean;
}

/**
 * One result as a listbox option that looks like a product card. It is still a link (a new tab with the middle
 * button, the address on hover), but out of the Tab order: the keyboard reaches it with the arrows from the box.
 * An option's content is presentational, so the card holds no heading and no other control.
 */
export function SearchResultOption({ product, active, eager }: Props) {
  const langPath = useLangPath();
  return (
    <Link
      to={langPath(`/product/${product.slug}`)}
      id={searchOptionId(product)}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      className={cx(linkCard.card, linkCard.interactive, styles.option)}
    >
      {/* The title follows in words: the picture adds nothing to the option's name. */}
      <ProductCardFace product={product} eager={eager} imageAlt="" titleAs="div" />
    </Link>
  );
}
