import { LoadMoreFooter } from '../load-more/LoadMoreFooter.tsx';
import { ProductGridSkeleton } from '../product-grid/ProductGrid.tsx';
import { ProductCardGrid } from '../product-grid/ProductList.tsx';
import type { LoadedPages } from '../../features/paging/use-product-pages.ts';
import { type ReactNode, useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../styles/class-names.ts';
import styles from './PagedProducts.module.css';

/** What the grid needs of a loaded list: useProductPages' and useListingPages' ready states both fit. */
export type ReadyPages = LoadedPages;

/** Placeholders while the first page loads: two rows at the widest. */
export const FIRST_PAGE_SKELETONS = 8;

interface Props {
  pages: ReadyPages | { status: 'loading' };
  /** What shows when there are no products at all. */
  empty: ReactNode;
}

/** Starts loading the next page this far before the end of the list comes into view. */
const SCROLL_AHEAD = '600px';

/**
 * A growing product grid: the next page loads as the end of the list scrolls into view, and a "Load more"
 * button does the same for keyboards and screen readers, then moves focus to the first new product.
 */
export function PagedProducts({ pages, empty }: Props) {
  // An empty list kept while the next loads would say "nothing found" for filters no longer chosen.
  if (pages.status === 'loading' || (pages.stale && pages.products.length === 0)) {
    return <ProductGridSkeleton columns="recents" count={FIRST_PAGE_SKELETONS} />;
  }
  return <GrowingList pages={pages} empty={empty} />;
}

function GrowingList({ pages, empty }: { pages: ReadyPages; empty: ReactNode }) {
  const { t } = useTranslation('ui');
  const { products, total, hasMore, loadingMore, moreFailed, stale = false } = pages;
  const list = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const focusFrom = useRef<number | null>(null);

  const loadMore = () => {
    focusFrom.current = products.length;
    pages.loadMore();
  };

  // A failed page waits for the button rather than retrying on every scroll. Focusing the button scrolls the
  // end into view too: the page it brings is then the keyboard's, and takes the focus.
  const onEndVisible = useEffectEvent(() => {
    if (moreFailed) return;
    if (button.current && button.current === document.activeElement) loadMore();
    else pages.loadMore();
  });

  // Observed afresh whenever the list grows: the end may still be in view after a page lands.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onEndVisible();
      },
      { rootMargin: `0px 0px ${SCROLL_AHEAD} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, products.length]);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || products.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll('li')[from]?.querySelector('a')?.focus();
  }, [products.length]);

  if (products.length === 0) return empty;

  return (
    <div ref={list} className={cx(styles.list, stale && styles.stale)} aria-busy={stale || undefined}>
      <ProductCardGrid products={products} />
      <LoadMoreFooter
        status={t('paged.showing', { count: products.length, total })}
        hasMore={hasMore}
        loading={loadingMore}
        failed={moreFailed}
        onLoadMore={loadMore}
        buttonRef={button}
      >
        <div ref={sentinel} aria-hidden="true" />
      </LoadMoreFooter>
    </div>
  );
}
