import type { ProductSummary } from '@linkhunt/contracts/product';
import type { Pagination } from '@linkhunt/contracts/common';
import { type ApiPages, type ListPage, useApiPages } from '../query/use-api-pages.ts';

/** A loaded product list as the grid (PagedProducts) shows it. */
export interface LoadedPages {
  status: 'ready';
  products: ProductSummary[];
  /** How many products the list has in all. */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last "load more" failed; calling loadMore again retries it. */
  moreFailed: boolean;
  loadMore: () => void;
  /** The list of the previous URL, shown dimmed and busy while the new one's first page loads. */
  stale?: boolean;
}

/** A product list's ready state, with what its answers carry beside the products. */
export function productPages<Extra>(pages: Extract<ApiPages<ProductSummary, Extra>, { status: 'ready' }>): LoadedPages & { extra: Extra } {
  const { items, ...rest } = pages;
  return { ...rest, products: items };
}

/** A brand or a category as its page loads it: the owner of the products, with one page of them. */
interface WithProducts {
  products?: { data: ProductSummary[] };
}

export type ProductPages<T> =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; retry: () => void }
  | (LoadedPages & { owner: T });

function ownerPage<T extends WithProducts>(body: unknown): ListPage<ProductSummary, T> {
  const { results } = body as { results: { data: T; meta?: { pagination: Pagination } } };
  const pagination = results.meta?.pagination;
  const items = results.data.products?.data ?? [];
  return { extra: results.data, items, total: pagination?.total ?? items.length, totalPages: pagination?.total_pages ?? 1 };
}

/** An owner's products (GET …?include=products&page=N): a user's page, growing as the visitor asks for more. */
export function useProductPages<T extends WithProducts>(url: string): ProductPages<T> {
  const pages = useApiPages<ProductSummary, T>(url, ownerPage<T>);
  if (pages.status === 'notFound') return { status: 'notFound' };
  if (pages.status !== 'ready') return pages;
  const { extra, ...list } = productPages(pages);
  return { ...list, owner: extra };
}
