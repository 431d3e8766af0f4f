import type { ProductSummary } from '@linkhunt/contracts/product';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Dialog } from '@linkhunt/shared-ui/components/dialog/Dialog.tsx';
import { ProductCard } from '@linkhunt/shared-ui/components/product-card/ProductCard.tsx';
import { LoadMoreFooter } from '@linkhunt/shared-ui/components/load-more/LoadMoreFooter.tsx';
import { LoadFailed } from '@linkhunt/shared-ui/components/page-state/LoadFailed.tsx';
import { ProductGrid, ProductGridSkeleton } from '@linkhunt/shared-ui/components/product-grid/ProductGrid.tsx';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Removal, useAccountPages, useRemoval } from '../hooks/use-account-pages.ts';
import styles from './AccountProductList.module.css';

/** Placeholders while the first page loads: two rows at the widest. */
export const ACCOUNT_LIST_SKELETONS = 8;

export interface Confirmation<T> {
  title: string;
  text: (product: T) => ReactNode;
  confirm: string;
  cancel: string;
}

export interface ProductRemoval<T> {
  /** The button's visible word ("Delete", "Remove"). */
  label: string;
  /** Its accessible name, which says which product it is about. */
  labelFor: (product: T) => string;
  /** Asks first, in a dialog, when given. */
  confirmation?: Confirmation<T>;
  /** The call, the toasts and what follows a success (spec section 8: a failure toasts the first validation message). */
  removal: (product: T) => Removal;
}

interface Props<T extends ProductSummary> {
  /** An endpoint answering `{ results: { data: T[], meta: { pagination } } }`. */
  url: string;
  /** Names the list. */
  label: string;
  /**
   * A heading for the cards, for screen readers only: the cards' titles are h3, and the page's h1 names the
   * page, so an h2 between them keeps the outline whole.
   */
  heading: string;
  /** What shows when there are no products at all. */
  empty: ReactNode;
  /** How a product leaves the list. */
  remove: ProductRemoval<T>;
  /** Other actions shown before the remove button (an "Edit" link). */
  actions?: (product: T) => ReactNode;
  /** Said under a product's card, above its actions (a moderator's decision). */
  notice?: (product: T) => ReactNode;
}

/**
 * The signed-in user's own product lists (my products, favourites): a card per product with its actions, a
 * "Load more" button that moves focus to the first new card, and removal at once, put back if the server says no.
 */
export function AccountProductList<T extends ProductSummary>({ url, label, heading, empty, remove, actions, notice }: Props<T>) {
  const { t } = useTranslation('ui');
  const list = useAccountPages<T>(url);
  const removeItem = useRemoval<T>(url);
  const [pending, setPending] = useState<T | null>(null);
  const container = useRef<HTMLDivElement>(null);
  // Where the focus goes once the list has changed: the first new card after "Load more", the card that took
  // the place of a removed one (the removed card's button, which had the focus, is gone).
  const focusAt = useRef<{ index: number; after: 'more' | 'removal' } | null>(null);
  const count = list.status === 'ready' ? list.items.length : 0;
  const moreFailed = list.status === 'ready' && list.moreFailed;

  // Runs after the dialog's own effect (a child's), so its closing cannot take the focus back afterwards.
  useEffect(() => {
    const intent = focusAt.current;
    if (intent === null) return;
    if (intent.after === 'more' && count <= intent.index) {
      // Still loading: wait. Failed: the focus stays on the button, which is still there.
      if (moreFailed) focusAt.current = null;
      return;
    }
    const { index } = intent;
    focusAt.current = null;
    const cards = container.current?.querySelectorAll<HTMLElement>('[data-account-card]') ?? [];
    // The last one gone: the empty state's way forward.
    const target = cards.length > 0 ? cards[Math.min(index, cards.length - 1)] : container.current;
    target?.querySelector<HTMLElement>('a, button')?.focus();
  }, [count, moreFailed]);

  if (list.status === 'loading') return <ProductGridSkeleton columns="recents" count={ACCOUNT_LIST_SKELETONS} />;
  if (list.status !== 'ready') return <LoadFailed onRetry={list.retry} />;

  const removeNow = (product: T) => {
    const index = list.items.findIndex((item) => item.id === product.id);
    focusAt.current = index < 0 ? null : { index, after: 'removal' };
    removeItem(product, remove.removal(product));
  };

  const ask = (product: T) => (remove.confirmation ? setPending(product) : removeNow(product));

  const confirm = () => {
    if (!pending) return;
    setPending(null);
    removeNow(pending);
  };

  const loadMore = () => {
    focusAt.current = { index: list.items.length, after: 'more' };
    list.loadMore();
  };

  const { confirmation } = remove;

  return (
    <>
      {confirmation && (
        <Dialog
          open={pending !== null}
          onClose={() => setPending(null)}
          title={confirmation.title}
          size="sm"
          actions={
            <>
              <Button variant="secondary" onClick={() => setPending(null)}>
                {confirmation.cancel}
              </Button>
              <Button variant="danger" onClick={confirm}>
                {confirmation.confirm}
              </Button>
            </>
          }
        >
          {pending && <p>{confirmation.text(pending)}</p>}
        </Dialog>
      )}
      <div ref={container}>
        {list.items.length === 0 ? (
          empty
        ) : (
          <>
            <h2 className="visually-hidden">{heading}</h2>
            <ProductGrid columns="recents" label={label}>
              {list.items.map((product) => (
                <div key={product.id} className={styles.item} data-account-card="">
                  <ProductCard product={product} />
                  {notice?.(product)}
                  <div className={styles.actions}>
                    {actions?.(product)}
                    <Button variant="ghost" size="sm" aria-label={remove.labelFor(product)} onClick={() => ask(product)}>
                      {remove.label}
                    </Button>
                  </div>
                </div>
              ))}
            </ProductGrid>
            <LoadMoreFooter
              status={t('paged.showing', { count: list.items.length, total: list.total })}
              hasMore={list.hasMore}
              loading={list.loadingMore}
              failed={list.moreFailed}
              onLoadMore={loadMore}
            />
          </>
        )}
      </div>
    </>
  );
}
