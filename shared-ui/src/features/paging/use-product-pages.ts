import type { ProductSummary } from '@linkhunt/contracts/product';
import type { Pagination } from '@linkhunt/contracts/common';
import { type LoadedPages, type ProductsPage, usePagedProducts } from './use-paged-products.ts';

/** A brand or a category as its page loads it: the owner of the products, with one page of them. */
interface WithProducts {
  products?: { data: ProductSummary[] };
}

interface PageAnswer<T> {
  results: { data: T; meta?: { pagination: Pagination } };
}

export type ProductPages<T> =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; retry: () => void }
  | (LoadedPages & { owner: T });

function ownerPage<T extends WithProducts>(body: unknown): ProductsPage<T> {
  const { results } = body as PageAnswer<T>;
  const pagination = results.meta?.pagination;
  const products = results.data.products?.data ?? [];
  return { extra: results.data, products, total: pagination?.total ?? products.length, totalPages: pagination?.total_pages ?? 1 };
}

/**
 * A brand's or a category's products, a page at a time (GET …?include=products&page=N), growing as the visitor
 * asks for more. A product that moved to a later page because new ones arrived is shown once.
 */
export function useProductPages<T extends WithProducts>(url: string): ProductPages<T> {
  const pages = usePagedProducts<T>(url, ownerPage<T>);
  if (pages.status === 'notFound') return { status: 'notFound' };
  if (pages.status !== 'ready') return pages;
  const { extra, products, total, hasMore, loadingMore, moreFailed, loadMore } = pages;
  return { status: 'ready', owner: extra, products, total, hasMore, loadingMore, moreFailed, loadMore };
}
